import Foundation
import CellarDiagnostics
import CellarTree
internal import CellarEscaping

/// `{{< chart "times.csv" title="Full build, seconds" unit="s" >}}`: a bar chart of a CSV file of
/// the site, drawn as inline SVG when the site is built. The file's first row names the columns; its
/// first column labels each group of bars, every other column is a series of numbers. With
/// `table=true` the same figures follow as a table, so a page's chart and table come from one file.
struct ChartShortcode: BuiltinShortcode {
    let name = "chart"
    let description = "A bar chart of a CSV file of the site, drawn at build time as inline SVG"
    let positional = ["src"]
    let arguments = Schema(builtinShortcode: "chart", yaml: """
            src: {type: path, description: "The CSV file: a header row, then a row for each group of bars (its first cell labels it)"}
            title: {type: string, min: 1, description: "What the chart shows: its accessible name"}
            unit: {type: string, required: false, description: "Written after every value (s, MiB)"}
            caption: {type: text, required: false, description: "Shown after the title, above the chart (inline Markdown)"}
            table: {type: bool, default: false, description: "Also show the figures as a table"}
            """)

    func draw(_ arguments: [String: TypedField], context: BuiltinShortcodeContext, diagnostics: inout DiagnosticBag) -> String? {
        guard case .file(let reference)? = arguments["src"]?.value, let path = reference.contentPath else {
            diagnostics.error("a chart draws a CSV file of the site, not a remote address", at: arguments["src"]?.location ?? context.location,
                              hint: "put the file beside the item, or under content/, and name it: {{< chart \"figures.csv\" … >}}")
            return nil
        }
        guard let text = context.read(path, &diagnostics) else { return nil }
        let file = context.display(path)
        let table: CSVTable
        do throws(CSVTable.Problem) { table = try CSVTable.parse(text) } catch {
            diagnostics.error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column),
                              hint: "a value holding a comma or a quote is written in double quotes, with \"\" for a quote")
            return nil
        }
        guard let chart = chart(from: table, file: file, context: context, arguments: arguments, diagnostics: &diagnostics) else {
            return nil
        }
        // The title is shown as well as spoken: above the chart, with the caption after it.
        var html = "<figure class=\"chart\" id=\"\(context.id)\"><figcaption><strong>\(Escaping.htmlText(chart.title))</strong>"
        if case .html(let caption, _)? = arguments["caption"]?.value { html += " " + caption }
        html += "</figcaption>" + chart.svg
        if arguments["table"]?.value.bool == true { html += Self.table(table, unit: chart.unit) }
        return html + "</figure>"
    }

    // MARK: - Private

    private func chart(from table: CSVTable, file: String, context: BuiltinShortcodeContext,
                       arguments: [String: TypedField], diagnostics: inout DiagnosticBag) -> BarChart? {
        guard let header = table.rows.first, header.count >= 2, table.rows.count >= 2 else {
            diagnostics.error("a chart needs a header row and at least one row of figures, with two columns or more",
                              at: SourceLocation(file: file), hint: "for example:\nsize,Cellar,Hugo\n\"10,000 items\",1.56,3.78")
            return nil
        }
        let errorsBefore = diagnostics.errorCount
        var groups: [BarChart.Group] = []
        for row in table.rows.dropFirst() {
            if row.count != header.count {
                let place = row.count > header.count ? row[header.count] : row[row.count - 1]
                diagnostics.error("this row has \(row.count) value\(row.count == 1 ? "" : "s"), the header \(header.count)",
                                  at: SourceLocation(file: file, line: place.line, column: place.column),
                                  hint: "every row has one value per column: \(header.map(\.text).joined(separator: ", "))")
                continue
            }
            var values: [(text: String, number: Double)?] = []
            for (cell, column) in zip(row.dropFirst(), header.dropFirst()) {
                let written = cell.text.trimmingCharacters(in: .whitespaces)
                if written.isEmpty { values.append(nil); continue }
                guard let number = Double(written), number.isFinite, number >= 0 else {
                    diagnostics.error("'\(written)' in column '\(column.text)' is not a number of zero or more",
                                      at: SourceLocation(file: file, line: cell.line, column: cell.column),
                                      hint: "write numbers with a dot and no thousands separator (1234.5), or leave the cell empty for no bar")
                    values.append(nil)
                    continue
                }
                values.append((written, number))
            }
            groups.append(BarChart.Group(label: row[0].text, values: values))
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }
        return BarChart(title: arguments["title"]?.value.string ?? "", series: header.dropFirst().map(\.text), groups: groups,
                        unit: arguments["unit"]?.value.string, id: context.id)
    }

    /// The figures as the page's tables are drawn: in a box that scrolls sideways on a phone.
    private static func table(_ table: CSVTable, unit: String?) -> String {
        guard let header = table.rows.first else { return "" }
        let suffix = unit.map { " " + $0 } ?? ""
        var html = "<div class=\"table-scroll\" role=\"group\" tabindex=\"0\" aria-label=\"Table: "
            + Escaping.htmlText(header.map(\.text).joined(separator: ", ")) + "\"><table><thead><tr>"
        for cell in header { html += "<th scope=\"col\">\(Escaping.htmlText(cell.text))</th>" }
        html += "</tr></thead><tbody>"
        for row in table.rows.dropFirst() {
            html += "<tr><th scope=\"row\">\(Escaping.htmlText(row.first?.text ?? ""))</th>"
            for cell in row.dropFirst() {
                let text = cell.text.trimmingCharacters(in: .whitespaces)
                html += "<td style=\"text-align: right\">" + (text.isEmpty ? "–" : Escaping.htmlText(text + suffix)) + "</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></div>"
    }
}
