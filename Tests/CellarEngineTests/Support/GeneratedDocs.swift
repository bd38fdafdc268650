import CellarSiteTestSupport
import Foundation
import Testing

/// Parts of the manual (`docs/content/…`) written from the code: a test compares them with what the
/// code says now and fails when they differ; with `CELLAR_RECORD_DOCS=1` it rewrites them instead.
enum GeneratedDocs {
    static let recordVariable = "CELLAR_RECORD_DOCS"

    static var recording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// The text between the lines `begin` and `end` of `file` (a path under the repository) must be `generated`.
    static func expectSection(of file: String, between begin: String, and end: String, toBe generated: String,
                              test: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = TemporarySite.repository + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: begin), "\(file) has no line \(begin)", sourceLocation: sourceLocation)
        let finish = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "\(file) has no line \(end)",
                                  sourceLocation: sourceLocation)
        let wanted = "\n" + generated + "\n"
        if recording {
            try (text[..<start.upperBound] + wanted + text[finish.lowerBound...]).write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<finish.lowerBound]) == wanted,
                "\(file) is stale: run \(recordVariable)=1 swift test --filter \(test)", sourceLocation: sourceLocation)
    }

    /// The files of `folder` (under the repository) whose names `owned` accepts must be exactly `files`
    /// (name → text): none missing, none different, none left over.
    static func expectFiles(in folder: String, owned: (String) -> Bool, toBe files: [String: String], test: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = TemporarySite.repository + "/" + folder
        let present = try FileManager.default.contentsOfDirectory(atPath: path).filter(owned)
        if recording {
            for name in present where files[name] == nil { try FileManager.default.removeItem(atPath: path + "/" + name) }
            for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
            return
        }
        let stale = Set(present).union(files.keys).filter { name in
            files[name] != (try? String(contentsOfFile: path + "/" + name, encoding: .utf8))
        }
        #expect(stale.isEmpty, "\(folder) is stale (\(stale.sorted().joined(separator: ", "))): run \(recordVariable)=1 swift test --filter \(test)",
                sourceLocation: sourceLocation)
    }
}
