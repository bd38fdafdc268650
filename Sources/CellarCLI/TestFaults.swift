import CellarEngine
import CellarOutput
import Foundation

/// The output transaction's test hook, as the test suite sets it for a `cellar` it runs: the
/// `CELLAR_TEST_FAULT` environment variable (`kill-at=N`, `pause-at=N:MS`, `fail-after=N`,
/// `space=BYTES`, `hold-at=N:PATH`; see ``FaultInjection``). Compiled into debug builds only
/// (`CELLAR_FAULT_INJECTION`, set by Package.swift): a release binary never reads it.
enum TestFaults {
    /// Whether this binary reads `CELLAR_TEST_FAULT` at all.
    static var compiledIn: Bool {
        #if CELLAR_FAULT_INJECTION
        true
        #else
        false
        #endif
    }

    /// The faults the environment asks for; none in a release build.
    static func fromEnvironment() -> FaultInjection {
        #if CELLAR_FAULT_INJECTION
        if let text = ProcessInfo.processInfo.environment["CELLAR_TEST_FAULT"], let faults = FaultInjection(parsing: text) {
            return faults
        }
        #endif
        return .none
    }
}
