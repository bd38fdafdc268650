import CellarDiagnostics

/// A CSV file (RFC 4180: commas, double quotes that may hold commas, line breaks and `""`; CRLF or
/// LF line ends) read into rows of cells, each cell with its place in the file for messages.
struct CSVTable: Sendable, Equatable {
    struct Cell: Sendable, Equatable {
        var text: String
        var line: Int
        var column: Int
    }

    var rows: [[Cell]]

    /// Why a file is not CSV: a quote never closed, or text right after a closing quote.
    struct Problem: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Reads `text`; blank lines are skipped, a UTF-8 byte-order mark is ignored.
    static func parse(_ text: String) throws(Problem) -> CSVTable {
        var rows: [[Cell]] = []
        var row: [Cell] = []
        var cell = ""
        var cellLine = 1, cellColumn = 1
        var line = 1, column = 1
        var atCellStart = true
        var quoted = false        // inside a quoted value
        var closedQuote = false   // a quoted value's closing quote was read
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }

        func endCell() {
            row.append(Cell(text: cell, line: cellLine, column: cellColumn))
            cell = ""
            closedQuote = false
            atCellStart = true
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if atCellStart {
                cellLine = line
                cellColumn = column
                atCellStart = false
            }
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        cell.unicodeScalars.append("\"")
                        index = scalars.index(after: index)
                        column += 2
                        continue
                    }
                    quoted = false
                    closedQuote = true
                } else {
                    cell.unicodeScalars.append(scalar)
                }
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                continue
            }
            switch scalar {
            case ",":
                endCell()
                column += 1
            case "\r" where index < scalars.endIndex && scalars[index] == "\n":
                break   // the \n ends the row
            case "\n", "\r":
                endCell()
                rows.append(row)
                row = []
                line += 1
                column = 1
            case "\"" where cell.isEmpty && !closedQuote:
                quoted = true
                column += 1
            default:
                if closedQuote {
                    throw Problem(message: "text after the closing quote of a quoted value", line: line, column: column)
                }
                cell.unicodeScalars.append(scalar)
                column += 1
            }
        }
        if quoted { throw Problem(message: "this quote is never closed", line: cellLine, column: cellColumn) }
        if !atCellStart || !row.isEmpty { endCell(); rows.append(row) }
        // A row of nothing but blanks is a blank line.
        rows.removeAll { $0.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } }
        return CSVTable(rows: rows)
    }
}
