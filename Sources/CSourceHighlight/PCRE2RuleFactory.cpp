#include "PCRE2RuleFactory.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <chrono>
#include <ctime>
#include <stdexcept>

#include <srchilite/highlighttoken.h>
#include <srchilite/matchingparameters.h>
#include <srchilite/regexhighlightrule.h>
#include <srchilite/regexpreprocessor.h>
#include <srchilite/tostringcollection.h>

namespace cellar {

namespace {

/// What PCRE2 needs per thread to match: the match data (large enough for every rule) and a JIT
/// stack bigger than the default 32 KB, so long lines do not run out of it.
struct ThreadMatchState {
    pcre2_match_data *data;
    pcre2_match_context *context;
    pcre2_jit_stack *stack;

    ThreadMatchState()
        : data(pcre2_match_data_create(maxGroups + 1, nullptr)),
          context(pcre2_match_context_create(nullptr)),
          stack(pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, nullptr)) {
        if (!data || !context || !stack)
            throw std::bad_alloc();
        pcre2_jit_stack_assign(context, nullptr, stack);
    }
    ~ThreadMatchState() {
        pcre2_jit_stack_free(stack);
        pcre2_match_context_free(context);
        pcre2_match_data_free(data);
    }
    ThreadMatchState(const ThreadMatchState &) = delete;
    ThreadMatchState &operator=(const ThreadMatchState &) = delete;

    static constexpr uint32_t maxGroups = 99;   // the most marked subexpressions a rule may have
};

ThreadMatchState &threadMatchState() {
    thread_local ThreadMatchState state;
    return state;
}

/// The CPU time this thread has used, in seconds: a loaded machine does not make a block late.
double threadCPUSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

/// When the highlighting on this thread must stop (see `setMatchingTimeLimit`).
struct ThreadDeadline {
    bool limited = false;
    double deadline = 0;
    double seconds = 0;
    unsigned calls = 0;

    /// Throws once the deadline has passed; looks at the clock every 256 calls (matches and lines).
    void check() {
        if (!limited || (++calls & 0xFF) != 0)
            return;
        if (threadCPUSeconds() > deadline)
            throw cellar::TimeLimitExceeded("it took more than " + std::to_string(static_cast<int>(seconds * 1000)) + " ms");
    }
};

thread_local ThreadDeadline threadDeadline;

/// A Source-highlight rule whose regular expression is compiled by PCRE2. It matches exactly as
/// `srchilite::RegexHighlightRule::tryToMatch` does (leftmost match in the rest of the line,
/// `^` only at the start of the line, the matched subexpressions recorded for the compound and
/// backreference rules), without the work the highlighter never reads (the suffix copy). One
/// difference: a match of nothing, at the place where matching starts, by a rule that changes no
/// state, counts as no match; Source-highlight would try it again at the same place forever.
class PCRE2Rule : public srchilite::HighlightRule {
    std::string pattern;   // in Boost syntax, as the definition wrote it (toString, backreferences)
    pcre2_code *code = nullptr;
    uint32_t groups = 0;

    void compile() {
        const std::string translated = translateBoostPattern(pattern);
        pcre2_compile_context *context = pcre2_compile_context_create(nullptr);
        if (!context)
            throw std::bad_alloc();
        pcre2_set_newline(context, PCRE2_NEWLINE_LF);
        int error = 0;
        PCRE2_SIZE offset = 0;
        code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()), translated.size(), 0,
                             &error, &offset, context);
        pcre2_compile_context_free(context);
        if (!code)
            throw std::invalid_argument(pattern);
        pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &groups);
        if (groups > ThreadMatchState::maxGroups) {
            pcre2_code_free(code);
            code = nullptr;
            throw std::invalid_argument(pattern);
        }
        pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);   // without JIT, the interpreter still matches
    }

public:
    /// Throws `std::invalid_argument` if PCRE2 cannot compile `pattern`.
    PCRE2Rule(const std::string &name, const std::string &pattern) : HighlightRule(name), pattern(pattern) {
        compile();
    }
    explicit PCRE2Rule(const std::string &pattern) : pattern(pattern) { compile(); }
    PCRE2Rule(const PCRE2Rule &other) : HighlightRule(other), pattern(other.pattern) { compile(); }
    PCRE2Rule &operator=(const PCRE2Rule &) = delete;
    ~PCRE2Rule() override { pcre2_code_free(code); }

    bool tryToMatch(std::string::const_iterator start, std::string::const_iterator end,
                    srchilite::HighlightToken &token, const srchilite::MatchingParameters &params) override {
        threadDeadline.check();
        ThreadMatchState &state = threadMatchState();
        const size_t length = static_cast<size_t>(end - start);
        const char *subject = length ? &*start : "";
        const int result = pcre2_match(code, reinterpret_cast<PCRE2_SPTR>(subject), length, 0,
                                       params.beginningOfLine ? 0 : PCRE2_NOTBOL, state.data, state.context);
        if (result == PCRE2_ERROR_NOMATCH)
            return false;
        if (result < 0) {   // a match or JIT stack limit: Boost throws in the same situations
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(result, message, sizeof message);
            throw std::runtime_error(std::string("regular expression failed: ") +
                                     reinterpret_cast<const char *>(message));
        }
        const PCRE2_SIZE *vector = pcre2_get_ovector_pointer(state.data);
        if (vector[0] == 0 && vector[1] == 0 && !getNextState() && getExitLevel() == 0 && !isNested())
            return false;   // matching nothing where it is, changing nothing: the highlighter would loop forever
        token.prefix.assign(subject, vector[0]);
        bool onlyBlanks = true;
        for (char c : token.prefix) {
            if (c != ' ' && c != '\t') {
                onlyBlanks = false;
                break;
            }
        }
        token.prefixOnlySpaces = onlyBlanks;
        auto group = [&](uint32_t index) {
            const PCRE2_SIZE from = vector[2 * index], to = vector[2 * index + 1];
            return from == PCRE2_UNSET ? std::string() : std::string(subject + from, to - from);
        };
        // What `HighlightToken::addMatched` does, moving the text instead of copying it.
        auto addMatched = [&](const std::string &element, uint32_t index) {
            const PCRE2_SIZE from = vector[2 * index], to = vector[2 * index + 1];
            token.matched.emplace_back(element, std::string(subject + from, to - from));
            token.matchedSize += static_cast<unsigned>(to - from);
        };
        if (getHasSubexpressions()) {
            for (uint32_t index = 1; index <= groups; ++index)
                token.matchedSubExps.push_back(group(index));
        }
        const srchilite::ElemList &elements = getElemList();
        if (elements.size() > 1) {
            // Groups that matched nothing are left out: the highlighter formats nothing for them
            // (Boost's rule adds them as empty strings, which `SourceHighlighter::format` skips).
            for (uint32_t index = 1; index <= groups && index < static_cast<uint32_t>(result); ++index) {
                if (vector[2 * index] != PCRE2_UNSET && vector[2 * index + 1] > vector[2 * index])
                    addMatched(elements[index - 1], index);
            }
        } else {
            addMatched(elements[0], 0);
        }
        return true;
    }

    const std::string toString() const override { return pattern; }

    void replaceReferences(const srchilite::ReplacementList &replacements) override {
        pattern = srchilite::RegexPreProcessor::replace_references(pattern, replacements);
        pcre2_code_free(code);
        code = nullptr;
        compile();
    }

    srchilite::HighlightRule *clone() override { return new PCRE2Rule(*this); }
};

std::string alternatives(const srchilite::WordList &list, bool caseSensitive) {
    std::string joined = srchilite::toStringCollection(list, '|');
    return caseSensitive ? joined : srchilite::RegexPreProcessor::make_nonsensitive(joined);
}

}  // namespace

void setMatchingTimeLimit(double seconds) {
    threadDeadline.limited = seconds > 0;
    threadDeadline.seconds = seconds;
    threadDeadline.calls = 0;
    if (threadDeadline.limited)
        threadDeadline.deadline = threadCPUSeconds() + seconds;
}

void checkMatchingTimeLimit() {
    threadDeadline.check();
}

std::string translateBoostPattern(const std::string &pattern) {
    std::string out;
    out.reserve(pattern.size() + 16);
    bool inClass = false;
    for (size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size()) {
            const char next = pattern[++i];
            if (!inClass && next == '<') out += "\\b(?=\\w)";
            else if (!inClass && next == '>') out += "\\b(?<=\\w)";
            else if (!inClass && next == '`') out += "\\A";
            else if (!inClass && next == '\'') out += "\\z";
            else { out += c; out += next; }
            continue;
        }
        if (!inClass && c == '[') {
            inClass = true;
            out += c;
            if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
            if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];   // a leading ']' is literal
            continue;
        }
        if (inClass && c == '[' && i + 1 < pattern.size() && (pattern[i + 1] == ':' || pattern[i + 1] == '.' || pattern[i + 1] == '=')) {
            const std::string close = std::string(1, pattern[i + 1]) + "]";
            const size_t found = pattern.find(close, i + 2);
            if (found != std::string::npos) {   // [:alpha:], [.x.], [=x=] inside a class
                out.append(pattern, i, found + 2 - i);
                i = found + 1;
                continue;
            }
        }
        if (inClass && c == ']')
            inClass = false;
        out += c;
    }
    return out;
}

srchilite::HighlightRule *PCRE2RuleFactory::createSimpleRule(const std::string &name, const std::string &pattern) {
    try {
        return new PCRE2Rule(name, pattern);
    } catch (const std::invalid_argument &) {
        return RegexRuleFactory::createSimpleRule(name, pattern);
    }
}

srchilite::HighlightRule *PCRE2RuleFactory::createWordListRule(const std::string &name,
                                                               const srchilite::WordList &list, bool caseSensitive) {
    return createSimpleRule(name, "\\<(?:" + alternatives(list, caseSensitive) + ")\\>");
}

srchilite::HighlightRule *PCRE2RuleFactory::createListRule(const std::string &name, const srchilite::WordList &list,
                                                           bool caseSensitive) {
    return createSimpleRule(name, "(?:" + alternatives(list, caseSensitive) + ")");
}

srchilite::HighlightRule *PCRE2RuleFactory::createCompoundRule(const srchilite::ElemNameList &names,
                                                               const std::string &pattern) {
    srchilite::HighlightRule *rule;
    try {
        rule = new PCRE2Rule(pattern);
    } catch (const std::invalid_argument &) {
        return RegexRuleFactory::createCompoundRule(names, pattern);
    }
    for (const std::string &name : names)
        rule->addElem(name);
    return rule;
}

}  // namespace cellar
