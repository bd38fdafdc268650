import CellarMustache
import Testing

/// ``MustacheTemplate/tags``: every tag as written, nested, at its line and column.
@Suite struct TagOutlineTests {
    /// `kind name@line:column [children]`, one string per tag.
    func outline(_ source: String) throws -> [String] {
        func show(_ tag: MustacheTag) -> String {
            let kind = switch tag.kind {
            case .variable(let escaped): escaped ? "var" : "raw"
            case .section(let inverted): inverted ? "inverted" : "section"
            case .partial(let dynamic): dynamic ? "partial*" : "partial"
            case .parent(let dynamic): dynamic ? "parent*" : "parent"
            case .block: "block"
            }
            let children = tag.children.isEmpty ? "" : " [" + tag.children.map(show).joined(separator: ", ") + "]"
            return "\(kind) \(tag.name)@\(tag.line):\(tag.column)\(children)"
        }
        return try MustacheTemplate(source: source, name: "t.html").tags.map(show)
    }

    @Test func variablesAndSectionsNestWithTheirPlaces() throws {
        #expect(try outline("<p>{{title}}</p>\n  {{#date}}{{{long}}} {{& short}}{{/date}}{{^tags}}none{{/tags}}") == [
            "var title@1:4",
            "section date@2:3 [raw long@2:12, raw short@2:23]",
            "inverted tags@2:43",
        ])
    }

    @Test func commentsAndDelimiterChangesAreLeftOut() throws {
        #expect(try outline("{{! note }}{{=<% %>=}}<% a.b %><%={{ }}=%>{{.}}") == ["var a.b@1:23", "var .@1:43"])
    }

    @Test func partialsParentsAndBlocksKeepTheirNames() throws {
        #expect(try outline("{{>header}}{{>*kind}}\n{{<base}}ignored {{x}}{{$main}}{{y}}{{/main}}{{/base}}\n{{$slot}}d{{/slot}}") == [
            "partial header@1:1",
            "partial* kind@1:12",
            "parent base@2:1 [block main@2:23 [var y@2:32]]",
            "block slot@3:1",
        ])
    }

    @Test func columnsCountUnicodeScalars() throws {
        #expect(try outline("é→ {{x}}") == ["var x@1:4"])
    }
}
