import Foundation

/// Plain aligned text: section headings, key–value lines, tables and number formats.
enum Report {
    /// Writes a line to standard output at once (unbuffered, so a long run shows each section as it ends).
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func heading(_ title: String) {
        out("")
        out("== " + title)
    }

    static func line(_ label: String, _ value: String, width: Int = 24) {
        out("  " + label.padding(toLength: max(width, label.count), withPad: " ", startingAt: 0) + value)
    }

    static func note(_ text: String) {
        out("  note: " + text)
    }

    /// Prints rows with the columns in `left` left-aligned (the first by default) and the others right-aligned.
    static func table(_ header: [String], _ rows: [[String]], left: Set<Int> = [0], indent: String = "  ") {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return left.contains(index) ? cell + padding : padding + cell
            }
            var line = indent + cells.joined(separator: "   ")
            while line.last == " " { line.removeLast() }
            out(line)
        }
    }

    /// The wall / cpu / peak rows of a run summary, as min, median and max.
    static func summaryTable(_ summary: RunSummary) {
        table(["", "min", "median", "max"], [
            ["wall s"] + [summary.wall.min, summary.wall.median, summary.wall.max].map { seconds($0) },
            ["cpu s"] + [summary.cpu.min, summary.cpu.median, summary.cpu.max].map { seconds($0) },
            ["peak MiB"] + [summary.peak.min, summary.peak.median, summary.peak.max].map { mebibytes($0) },
        ])
    }

    static func verdict(_ passed: Bool) -> String { passed ? "PASS" : "FAIL" }

    // MARK: - Numbers

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    static func mebibytes(_ bytes: Double) -> String { String(format: "%.1f", bytes / 1_048_576) }

    static func ratio(_ value: Double) -> String { String(format: "%.3f", value) }

    /// `12,345`
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `12,345` for rates (rounded).
    static func rate(_ value: Double) -> String { value.isFinite ? count(Int(value.rounded())) : "-" }
}
