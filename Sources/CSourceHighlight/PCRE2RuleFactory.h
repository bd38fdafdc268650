// Source-highlight rules that match with PCRE2 (JIT-compiled) instead of Boost.Regex.
#ifndef CSOURCEHIGHLIGHT_PCRE2RULEFACTORY_H
#define CSOURCEHIGHLIGHT_PCRE2RULEFACTORY_H

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

/// Makes the PCRE2 rules matching on this thread throw `std::runtime_error` once `seconds` have
/// passed (no limit when `seconds` <= 0), until the next call.
void setMatchingTimeLimit(double seconds);

/// `pattern` in Boost.Regex's Perl syntax, rewritten for PCRE2 where the two differ: Boost's word
/// starts and ends `\<` `\>` and buffer ends `` \` `` `\'` (which PCRE2 reads as plain characters).
std::string translateBoostPattern(const std::string &pattern);

}  // namespace cellar

#endif
