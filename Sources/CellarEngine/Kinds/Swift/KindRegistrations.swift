import CellarDiagnostics
import CellarFiles
import Foundation

/// The Swift kinds a site registers in code, each with its cell and page if it has them. Carried
/// into every build by ``BuildOptions``: Swift kinds are known before any file is parsed, since
/// they give the schemas files are typed by.
package struct KindRegistrations: Sendable {
    /// One Swift kind and what draws it.
    struct Registration: Sendable {
        var type: any Kind.Type
        var cell: (any CellTemplate)?
        var page: (any PageTemplate)?
        /// Where the kind was registered, for problems with its declaration.
        var location: SourceLocation

        var name: String { type.name }
    }

    private(set) var registrations: [Registration] = []

    package init() {}

    package var isEmpty: Bool { registrations.isEmpty }

    /// The kinds' names, sorted.
    package var names: [String] { registrations.map(\.name).sorted() }

    /// Adds `registration`, replacing an earlier one of the same kind.
    mutating func add(_ registration: Registration) {
        registrations.removeAll { $0.name == registration.name }
        registrations.append(registration)
    }

    subscript(name: String) -> Registration? {
        registrations.first { $0.name == name }
    }

    /// Each registered kind's definition, by name; problems with a declaration are reported at its registration.
    func definitions(diagnostics: inout DiagnosticBag) -> [String: KindDefinition] {
        var result: [String: KindDefinition] = [:]
        for registration in registrations {
            if let definition = SwiftKindSchema(type: registration.type, location: registration.location)
                .definition(diagnostics: &diagnostics) {
                result[definition.name] = definition
            }
        }
        return result
    }

    /// A registration's place, as messages show it: relative to the working folder when inside it.
    static func location(file: String, line: Int) -> SourceLocation {
        let base = FileManager.default.currentDirectoryPath
        let shown = Paths.relative(file, to: base).flatMap { $0.isEmpty ? nil : $0 } ?? file
        return SourceLocation(file: shown, line: line)
    }
}
