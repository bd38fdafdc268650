// Building and sharing language definitions.
//
// What GNU Source-highlight (3.1.x) shares between threads, and how the shim keeps it safe:
// - The .lang parser is a Bison/Flex parser with global state (current file, variable table,
//   error buffer), and every `HighlightState` constructed bumps the unsynchronised static
//   `HighlightState::global_id`. All parsing and building happens under `libraryLock()`.
// - `srchilite::SourceHighlight` is not used: its constructor reads `Settings::retrieveDataDir()`
//   (a function-static cache), and its formatters go through `TextStyle::output(text, style)`,
//   which writes a file-static `std::map` for every token. Each session drives a
//   `SourceHighlighter` with formatters of its own instead (Session.cpp).
// - A built automaton is only read while highlighting: its rules match const regular
//   expressions (Boost.Regex and PCRE2 both allow that from many threads; per-thread match data
//   lives in thread_local storage) and its reference counts are atomic, so one automaton per
//   definition serves every session. The exception: entering a state whose end delimiter uses a
//   dynamic backreference (`@{1}`) copies the state and bumps `global_id`, so highlighting with
//   such a definition holds `libraryLock()` too (Cellar's own definitions have none).
// - `SourceHighlighter`'s static default token is written only when event listeners are
//   installed; none is.

#include <map>

#include <srchilite/highlightrule.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexhighlightrule.h>
#include <srchilite/regexrulefactory.h>

#include "Internal.h"
#include "PCRE2RuleFactory.h"

namespace cellar {

namespace {

std::map<std::string, std::shared_ptr<const Definition>> &definitions() {   // guarded by libraryLock()
    static std::map<std::string, std::shared_ptr<const Definition>> cache;
    return cache;
}

void collect(const srchilite::HighlightStatePtr &state, std::set<const srchilite::HighlightState *> &seen,
             Definition &definition) {
    if (!state || !seen.insert(state.get()).second)
        return;
    definition.elements.insert(state->getDefaultElement());
    if (state->getNeedsReferenceReplacement())
        definition.info.serialised = 1;
    for (const srchilite::HighlightRulePtr &rule : state->getRuleList()) {
        definition.info.rules += 1;
        if (dynamic_cast<const srchilite::RegexHighlightRule *>(rule.get()))
            definition.info.boostRules += 1;
        for (const std::string &element : rule->getElemList())
            definition.elements.insert(element);
        if (rule->getNeedsReferenceReplacement())
            definition.info.serialised = 1;
        collect(rule->getNextState(), seen, definition);
    }
}

}  // namespace

std::mutex &libraryLock() {
    static std::mutex lock;
    return lock;
}

std::shared_ptr<Definition> buildDefinition(const std::string &dataDir, const std::string &file,
                                            CSHMatcher matcher) {
    srchilite::RegexRuleFactory boostFactory;
    PCRE2RuleFactory pcre2Factory;
    srchilite::HighlightRuleFactory *factory =
        matcher == CSH_MATCHER_BOOST ? static_cast<srchilite::HighlightRuleFactory *>(&boostFactory) : &pcre2Factory;
    srchilite::LangDefManager manager(factory);   // borrows the factory
    auto definition = std::make_shared<Definition>();
    definition->mainState = manager.buildHighlightState(dataDir, file);
    std::set<const srchilite::HighlightState *> seen;
    collect(definition->mainState, seen, *definition);
    return definition;
}

std::string definitionKey(const std::string &dataDir, const std::string &file, CSHMatcher matcher) {
    return std::to_string(static_cast<int>(matcher)) + '\n' + dataDir + '\n' + file;
}

std::shared_ptr<const Definition> sharedDefinition(const std::string &key, const std::string &dataDir,
                                                   const std::string &file, CSHMatcher matcher) {
    std::lock_guard<std::mutex> guard(libraryLock());
    auto found = definitions().find(key);
    if (found != definitions().end())
        return found->second;
    std::shared_ptr<const Definition> definition = buildDefinition(dataDir, file, matcher);
    definitions().emplace(key, definition);
    return definition;
}

}  // namespace cellar
