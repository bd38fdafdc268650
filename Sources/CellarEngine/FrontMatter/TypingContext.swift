import CellarDiagnostics
import CellarMarkdown
import Foundation

/// What typing a value needs to know beyond the value itself.
package struct TypingContext: Sendable {
    /// Whose fields these are, for messages: "kind 'review'", "the site settings".
    var owner: String
    /// "field" for items, "setting" for `_index.md` settings.
    var noun: String = "field"
    var timeZone: TimeZone
    var markdown: MarkdownRenderer
    /// The files under `content/`, by content-relative path (for `image` and `path` fields).
    var contentFiles: ContentFileSet
    /// The folder of the file being typed, relative to `content/` ("" for the top).
    var directory: String
    /// How `content/` is shown in messages ("content").
    var contentDisplayRoot: String

    package init(owner: String, noun: String = "field", timeZone: TimeZone, markdown: MarkdownRenderer,
                 contentFiles: ContentFileSet, directory: String, contentDisplayRoot: String) {
        self.owner = owner
        self.noun = noun
        self.timeZone = timeZone
        self.markdown = markdown
        self.contentFiles = contentFiles
        self.directory = directory
        self.contentDisplayRoot = contentDisplayRoot
    }
}
