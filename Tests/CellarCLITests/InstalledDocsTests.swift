@testable import CellarCLI
import CellarEngine
import Foundation
import Testing

/// What `make install` ships beside the binary — the man page and the shell completions — offers
/// every command and, for each command, exactly the options its help lists, so they cannot drift
/// apart. (`scripts/test-completions` drives both shells interactively, kinds included.)
@Suite struct InstalledDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// Every `--option` in `text`.
    static func options(in text: String) -> Set<String> {
        let words = text.split(whereSeparator: { (character: Character) in !(character.isLetter || character.isNumber || character == "-") })
        return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0) })
    }

    static func options(of command: any Command.Type) -> Set<String> {
        options(in: command.help)
    }

    /// The lines of `text` from the first that `starts` accepts up to, not including, the next that `ends` accepts.
    static func block(of text: String, from starts: (Substring) -> Bool, to ends: (Substring) -> Bool) -> String {
        var lines: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if starts(line) { inside = true } else if inside, ends(line) { inside = false }
            if inside { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    @Test func theExtractorFindsEachOptionTheHelpLists() {
        #expect(Self.options(of: BuildCommand.self)
                == ["--site", "--drafts", "--future", "--base-url", "--output", "--clean", "--no-wait", "--quiet", "--timings"])
        #expect(Self.options(of: NewCommand.self) == ["--no-ci", "--title", "--site"])
    }

    @Test func theManPageDescribesEachCommandWithItsOptions() throws {
        let page = try Self.read("docs/cellar.1")
        #expect(page.hasPrefix(".TH CELLAR 1 "))
        #expect(page.split(separator: "\n").first?.hasSuffix("\"Cellar \(CellarVersion.current)\" \"User Commands\"") == true,
                "the man page's .TH line names another version than \(CellarVersion.current)")
        let unescaped = page.replacingOccurrences(of: "\\-", with: "-")
        for command in CLI.commands {
            // `new` has two subsections (new site, new <kind>); each ends at the next heading.
            let section = Self.block(of: unescaped, from: { $0.hasPrefix(".SS \"cellar \(command.name) ") || $0 == ".SS \"cellar \(command.name)\"" },
                                     to: { $0.hasPrefix(".SS ") || $0.hasPrefix(".SH ") })
            #expect(!section.isEmpty, "no .SS section for \(command.name)")
            #expect(Self.options(in: section) == Self.options(of: command), "the man page's section on \(command.name)")
            let synopsis = Self.block(of: unescaped, from: { $0 == ".SH SYNOPSIS" }, to: { $0.hasPrefix(".SH DESCRIPTION") })
            let usage = Self.block(of: synopsis, from: { $0 == ".B cellar \(command.name)" || $0.hasPrefix(".B cellar \(command.name) ") },
                                   to: { $0 == ".br" })
            let synopsisOptions = command.name == "new"
                ? Self.options(in: Self.block(of: synopsis, from: { $0.hasPrefix(".B cellar new") }, to: { $0.hasPrefix(".B cellar check") }))
                : Self.options(in: usage)
            #expect(synopsisOptions == Self.options(of: command), "the synopsis of \(command.name)")
        }
        #expect(unescaped.contains(".BR -h \", \" --help") && unescaped.contains(".BR -V \", \" --version"))
    }

    @Test func zshCompletesEachCommandWithItsOptions() throws {
        let script = try Self.read("completions/_cellar")
        let siteOptions = Self.options(in: Self.block(of: script, from: { $0.contains("site_options=(") }, to: { $0.trimmingCharacters(in: .whitespaces) == ")" }))
        let commands = Self.block(of: script, from: { $0.contains("commands=(") }, to: { $0.trimmingCharacters(in: .whitespaces) == ")" })
        for command in CLI.commands {
            #expect(commands.contains("'\(command.name):"), "zsh does not offer the command \(command.name)")
            let body = Self.block(of: script, from: { $0.trimmingCharacters(in: .whitespaces) == "\(command.name))" },
                                  to: { $0.trimmingCharacters(in: .whitespaces).hasSuffix(")") && !$0.contains("[") && !$0.contains("'") })
            let offered = Self.options(in: body).union(body.contains("$site_options") ? siteOptions : [])
            #expect(offered == Self.options(of: command), "zsh's options for \(command.name)")
        }
        #expect(script.contains("{-h,--help}") && script.contains("{-V,--version}"))
    }

    /// What the bash completion offers after `words`, by running it in bash.
    static func bashOffers(_ words: [String]) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", """
            source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cellar
            printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", root + "/completions/cellar.bash"] + words
        process.environment = ["PATH": "/usr/bin:/bin"]   // no cellar: kinds are not asked here
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func bashCompletesEachCommandWithItsOptions() throws {
        #expect(try Self.bashOffers(["cellar", ""]) == Set(CLI.commands.map { $0.name } + ["help", "--help", "--version"]))
        for command in CLI.commands {
            var offered: Set<String>
            if command.name == "new" {
                offered = try Self.bashOffers(["cellar", "new", "site", "x", "--"])
                offered.formUnion(try Self.bashOffers(["cellar", "new", "review", "posts/x", "--"]))
            } else {
                offered = try Self.bashOffers(["cellar", command.name, "--"])
            }
            let expected = Self.options(of: command)
            #expect(offered == expected, "bash's options for \(command.name)")
        }
    }
}
