// Source-highlight rules that match with PCRE2 (JIT-compiled) instead of Boost.Regex.
#ifndef CSOURCEHIGHLIGHT_PCRE2RULEFACTORY_H
#define CSOURCEHIGHLIGHT_PCRE2RULEFACTORY_H

#include <stdexcept>
#include <string>

#include <srchilite/regexrulefactory.h>

namespace cellar {

/// Builds the rules of a definition as `PCRE2Rule`s: the library's own `RegexRuleFactory` with the
/// four methods that create a regular expression overridden (the two that build delimited rules
/// call `createSimpleRule`). A pattern PCRE2 cannot compile gets the library's Boost rule.
class PCRE2RuleFactory : public srchilite::RegexRuleFactory {
public:
    srchilite::HighlightRule *createSimpleRule(const std::string &name, const std::string &pattern) override;
    srchilite::HighlightRule *createWordListRule(const std::string &name, const srchilite::WordList &list,
                                                 bool caseSensitive = true) override;
    srchilite::HighlightRule *createListRule(const std::string &name, const srchilite::WordList &list,
                                             bool caseSensitive = true) override;
    srchilite::HighlightRule *createCompoundRule(const srchilite::ElemNameList &names,
                                                 const std::string &pattern) override;
};

/// What the PCRE2 rules and the line loop throw once the time limit of the thread has passed.
struct TimeLimitExceeded : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Makes the PCRE2 rules matching on this thread throw `TimeLimitExceeded` once the thread has
/// used `seconds` of CPU time from now (no limit when `seconds` <= 0), until the next call.
void setMatchingTimeLimit(double seconds);

/// Counts one unit of work (a line highlighted) against the thread's time limit: throws
/// `TimeLimitExceeded` if it has passed (the clock is read every 256 units), so that time spent
/// outside the PCRE2 rules — Boost rules, formatting — counts too.
void checkMatchingTimeLimit();

/// `pattern` in Boost.Regex's Perl syntax, rewritten for PCRE2 where the two differ: Boost's word
/// starts and ends `\<` `\>` and buffer ends `` \` `` `\'` (which PCRE2 reads as plain characters).
std::string translateBoostPattern(const std::string &pattern);

}  // namespace cellar

#endif
