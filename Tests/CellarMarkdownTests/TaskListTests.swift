import CellarMarkdown
import Testing

/// GFM task list items.
@Suite struct TaskListTests {
    @Test func checkboxesReplaceTheMarkers() {
        #expect(html("- [ ] to do\n- [x] done\n- [X] done too\n") == """
            <ul>
            <li><input type="checkbox" disabled="" /> to do</li>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            <li><input type="checkbox" checked="" disabled="" /> done too</li>
            </ul>

            """)
    }

    @Test func orderedNestedAndLooseListsToo() {
        #expect(html("1. [x] *first*\n   - [ ] nested\n") == """
            <ol>
            <li><input type="checkbox" checked="" disabled="" /> <em>first</em>
            <ul>
            <li><input type="checkbox" disabled="" /> nested</li>
            </ul>
            </li>
            </ol>

            """)
        #expect(html("- [ ] loose\n\n- [x] items\n").contains("<li>\n<p><input type=\"checkbox\" disabled=\"\" /> loose</p>\n</li>"))
    }

    @Test(arguments: ["- [@] other", "- [ ]no space", "- x [ ] later", "- \\[ ] escaped", "[ ] not in a list", "- [  ] two"])
    func notATask(_ source: String) {
        #expect(!html(source).contains("<input"))
    }

    @Test func byDefaultTheCheckboxIsLabelledByItsTask() {
        #expect(MarkdownRenderer().render("- [ ] write *tests*\n  - [x] nested\n").html == """
            <ul>
            <li><label><input type="checkbox" disabled="" /> write <em>tests</em></label>
            <ul>
            <li><label><input type="checkbox" checked="" disabled="" /> nested</label></li>
            </ul>
            </li>
            </ul>

            """)
        #expect(MarkdownRenderer().render("- [x] loose\n\n  second paragraph\n").html
                == "<ul>\n<li>\n<p><label><input type=\"checkbox\" checked=\"\" disabled=\"\" /> loose</label></p>\n<p>second paragraph</p>\n</li>\n</ul>\n")
    }

    @Test func theMarkerMustBeOnTheItemsFirstLine() {
        #expect(!html("-\n  [ ] later\n").contains("<input"))
        #expect(html("- [ ]\n  text on the next line\n").contains("<li><input type=\"checkbox\" disabled=\"\" /> \ntext"))
    }

    @Test func theExtensionCanBeSwitchedOff() {
        #expect(html("- [ ] x", MarkdownOptions.allExtensions.subtracting(.tasklist)) == "<ul>\n<li>[ ] x</li>\n</ul>\n")
    }

    @Test func manyItemsStayLinear() {
        expectLinear({ String(repeating: "- [x] done\n  - [ ] nested\n", count: $0) }, size: 2_000)
    }
}
