// Shared between the files of the shim; never seen by Swift.
#ifndef CSOURCEHIGHLIGHT_INTERNAL_H
#define CSOURCEHIGHLIGHT_INTERNAL_H

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <srchilite/formattermanager.h>
#include <srchilite/highlightstate.h>

#include "CSourceHighlight.h"

namespace cellar {

/// A built language definition: its automaton, the element names it produces, and what building
/// it found. Never changed once built, so sessions on any thread may read it.
struct Definition {
    srchilite::HighlightStatePtr mainState;
    std::set<std::string> elements;
    CSHDefinitionInfo info = {0, 0, 0};
};

/// Held while the library parses or builds a definition (its Bison/Flex parser and the counter
/// `HighlightState::global_id` are process-wide), and while a definition with dynamic
/// backreferences highlights (entering such a state copies it, bumping that counter).
std::mutex &libraryLock();

/// The key of a definition in the caches: matcher, folder and file.
std::string definitionKey(const std::string &dataDir, const std::string &file, CSHMatcher matcher);

/// The definition with `key`, built on first use and then shared (takes `libraryLock`).
std::shared_ptr<const Definition> sharedDefinition(const std::string &key, const std::string &dataDir,
                                                   const std::string &file, CSHMatcher matcher);

/// Builds `file` afresh. The caller holds `libraryLock`.
std::shared_ptr<Definition> buildDefinition(const std::string &dataDir, const std::string &file,
                                            CSHMatcher matcher);

}  // namespace cellar

/// The state of one highlighting thread (see CSourceHighlight.h).
struct CSHSession {
    std::string output;
    std::string error;
    /// Whether the last call failed because its time limit passed.
    bool timedOut = false;
    /// The first bytes of a UTF-8 character whose last bytes the next piece of text brings: a rule
    /// may match half of a character, and no tag may cut one.
    std::string carry;
    /// The tag of the span still open at the end of `output` (empty: none): text of the same
    /// element that follows goes into it, so a run of one element is one span.
    const std::string *openSpan = nullptr;
    srchilite::FormatterManager formatters;
    std::unordered_set<std::string> registered;
    /// The definitions this session has used, so that it takes the library lock only the first time.
    std::unordered_map<std::string, std::shared_ptr<const cellar::Definition>> definitions;

    CSHSession();
    /// Gives every element of a definition its formatter (once per session and element).
    void ensureFormatters(const std::set<std::string> &elements);
    /// Appends `text`, escaped, inside the span `openTag` opens (none when `openTag` is empty).
    void write(const std::string &openTag, const std::string &text);
    /// Ends a line: writes what `carry` still holds (only invalid UTF-8 leaves anything there)
    /// and closes the open span, so no span crosses a line.
    void endLine();
    void closeSpan();
    void appendEscaped(const char *bytes, size_t length);
};

#endif
