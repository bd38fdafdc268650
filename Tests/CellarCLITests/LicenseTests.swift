import Foundation
import Testing

/// Cellar's licence and the files that carry it: `LICENSE` at the root (Apache-2.0), and the Debian
/// copyright file the `.deb` installs as `/usr/share/doc/cellar/copyright`, in the machine-readable
/// format 1.0 (every Files paragraph with a Copyright and a License whose text the file holds).
@Suite struct LicenseTests {
    /// The repository.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// One paragraph of a Debian copyright file: its fields, continuation lines joined with "\n".
    typealias Paragraph = [String: String]

    /// The paragraphs of a machine-readable copyright file (fields are `Name: value`, continuation
    /// lines start with a space, paragraphs are separated by blank lines).
    static func paragraphs(_ text: String) -> [Paragraph] {
        var result: [Paragraph] = []
        var current: Paragraph = [:]
        var field: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !current.isEmpty { result.append(current) }
                current = [:]
                field = nil
            } else if line.hasPrefix(" ") || line.hasPrefix("\t"), let name = field {
                current[name, default: ""] += "\n" + line.dropFirst()
            } else if let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon])
                current[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                field = name
            } else {
                Issue.record("not a field or a continuation line: '\(line)'")
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    @Test func theRepositoryIsLicensedUnderApache2() throws {
        let licence = try Self.read("LICENSE")
        #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(licence.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"))
        #expect(licence.contains("END OF TERMS AND CONDITIONS"))
    }

    @Test func theDebianCopyrightFileIsMachineReadable() throws {
        let paragraphs = Self.paragraphs(try Self.read("packaging/copyright"))
        let header = try #require(paragraphs.first)
        #expect(header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
        #expect(header["Upstream-Name"] == "cellar")
        let files = paragraphs.filter { $0["Files"] != nil }
        let standalone = paragraphs.dropFirst().filter { $0["Files"] == nil }
        // Cellar's own sources: the first Files paragraph, covering everything.
        #expect(files.first?["Files"] == "*")
        #expect(files.first?["License"] == "Apache-2.0")
        var named: Set<String> = []
        for paragraph in files {
            let name = paragraph["Files"] ?? ""
            #expect(!(paragraph["Copyright"] ?? "").isEmpty, "Files: \(name) has no Copyright")
            let license = try #require(paragraph["License"], "Files: \(name) has no License")
            let (shortName, text) = Self.split(license)
            #expect(!shortName.isEmpty, "Files: \(name) has an empty License")
            if text.isEmpty { named.insert(shortName) }
        }
        // Every licence a Files paragraph only names is spelled out once, in a paragraph of its own,
        // and no such paragraph is left unused.
        let texts = Dictionary(standalone.compactMap { paragraph in paragraph["License"].map(Self.split) },
                               uniquingKeysWith: { first, _ in first })
        #expect(Set(texts.keys) == named)
        for (name, text) in texts { #expect(text.split(separator: "\n").count >= 3, "License: \(name) has no text") }
        #expect(texts["Apache-2.0"]?.contains("/usr/share/common-licenses/Apache-2.0") == true)
    }

    @Test func theDebIsBuiltWithTheCopyrightFile() throws {
        let script = try Self.read("scripts/package-deb")
        #expect(script.contains(#"install -D -m 644 "$root/packaging/copyright" "$stage/root/usr/share/doc/cellar/copyright""#))
        // The script refuses to leave a package without it.
        #expect(script.contains("./usr/share/doc/cellar/copyright"))
        let tarball = try Self.read("scripts/package-tarball")
        #expect(tarball.contains(#""$root/LICENSE""#))
    }

    /// `Apache-2.0\n text…` → ("Apache-2.0", "text…").
    private static func split(_ license: String) -> (String, String) {
        let lines = license.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
    }
}
