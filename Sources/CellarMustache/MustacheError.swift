/// A problem in a template, located by the template's path, line and column and printed in the
/// compiler format every Cellar diagnostic uses:
///
/// ```
/// layouts/base.html:12:5: error: section 'items' opened here is never closed
///   hint: add {{/items}}
/// ```
///
/// Lines and columns are 1-based; columns count Unicode scalars, as editors do. A line of 0 means
/// the error has no place inside the template (for example, the template does not exist).
package struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// `{{#name}}` or `{{^name}}` without its `{{/name}}`.
        case unclosedSection(String)
        /// `{{$name}}` without its `{{/name}}`.
        case unclosedBlock(String)
        /// `{{<name}}` without its `{{/name}}`.
        case unclosedParent(String)
        /// `{{/found}}` while `expected` (opened at `openLine`:`openColumn`) is the open section.
        case mismatchedClose(expected: String, found: String, openLine: Int, openColumn: Int)
        /// `{{/name}}` with no section open.
        case unexpectedClose(String)
        /// A tag whose closing delimiter (`expected`) never comes.
        case unclosedTag(expected: String)
        /// A set-delimiter tag whose content is not two delimiters.
        case invalidDelimiters(String)
        /// A tag with no name, such as `{{}}` or `{{#}}`.
        case emptyTag
        /// A name with spaces inside or empty dotted parts, such as `{{a b}}` or `{{a..b}}`.
        case invalidName(String)
        /// A partial the library cannot find, with every place it looked.
        case unknownPartial(name: String, searched: [String])
        /// A parent template the library cannot find, with every place it looked.
        case unknownParent(name: String, searched: [String])
        /// A template asked of the library by name that does not exist.
        case templateNotFound(name: String, searched: [String])
        /// Partials that include one another outside any section, so rendering never ends.
        case recursivePartial(chain: [String])
        /// A parent chain that comes back to a template already in it.
        case recursiveParent(chain: [String])
        /// Partials, parents or overridden blocks expanded more than `depth` levels deep.
        case recursionLimit(depth: Int)
        /// Template source larger than the limit.
        case templateTooLarge(bytes: Int, limit: Int)
        /// Sections, blocks and parents nested more than `limit` levels deep in one template.
        case nestingTooDeep(limit: Int)
        /// The loader found the template but could not read it.
        case unreadableTemplate(String)
        /// One render repeated sections and expanded partials more than `limit` times in all; `section`
        /// names the section repeating when it happened (its tag has no line while rendering).
        case renderTooLong(limit: Int, section: String?)
        /// One render produced more than `limit` bytes.
        case outputTooLarge(limit: Int, section: String?)
    }

    /// What went wrong; ``message`` and ``hint`` put it in words.
    package var reason: Reason
    /// Name or path of the template the error is in.
    package var template: String
    /// 1-based line; 0 when the error has no place inside the template.
    package var line: Int
    /// 1-based column, counted in Unicode scalars.
    package var column: Int

    /// An error at `line`:`column` (1-based; columns in Unicode scalars) of `template`.
    package init(_ reason: Reason, template: String, line: Int, column: Int) {
        self.reason = reason
        self.template = template
        self.line = line
        self.column = column
    }

    /// `path:line:column: error: message`, then the hint on its own line.
    package var description: String {
        let place = line > 0 ? "\(template):\(line):\(column)" : template
        return "\(place): error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}
