import CellarTestSupport
import Foundation
import Testing

/// The time limits of the server, watcher and Mustache tests are stretched under a sanitizer,
/// found by its runtime's entry symbol. scripts/sanitizers names the sanitizer it runs the suite
/// under (CELLAR_SANITIZER), so there this checks that the runtime is found.
@Suite struct SanitizerSlowdownTests {
    static let sanitizerNamed = !(ProcessInfo.processInfo.environment["CELLAR_SANITIZER"] ?? "").isEmpty

    @Test(.enabled(if: sanitizerNamed, "only under scripts/sanitizers"))
    func aSanitizedRunIsRecognised() {
        #expect(sanitizerSlowdown == 20)
    }
}
