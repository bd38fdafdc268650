#ifndef CSOURCEHIGHLIGHT_H
#define CSOURCEHIGHLIGHT_H

// GNU Source-highlight behind plain C functions. Only CellarHighlight imports this module.
//
// A session highlights on one thread at a time (it owns its output buffer and formatters);
// different sessions may run on different threads at once. Every C++ exception is caught here
// and turned into the session's error message: none reaches the caller.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The state of one highlighting thread: formatters, output buffer, last error.
typedef struct CSHSession CSHSession;

/// How the rules of a language definition match text.
typedef enum {
    /// PCRE2 with its JIT compiler, plugged into Source-highlight through its rule factory
    /// (Boost-only syntax is translated; a pattern PCRE2 rejects keeps Boost.Regex). About four
    /// times faster than the library's own matcher, with the same results.
    CSH_MATCHER_PCRE2 = 0,
    /// Source-highlight's own rules on Boost.Regex, untouched: the reference the other is tested against.
    CSH_MATCHER_BOOST = 1,
} CSHMatcher;

/// What building a definition found.
typedef struct {
    /// Rules in all the states of the automaton.
    size_t rules;
    /// Rules whose pattern PCRE2 rejected and that match with Boost.Regex instead.
    size_t boostRules;
    /// 1 if the definition has dynamic backreferences (`@{1}`): highlighting with it is serialised.
    int serialised;
} CSHDefinitionInfo;

/// A new session, or NULL if memory ran out.
CSHSession *csh_session_create(void);

/// Frees the session (NULL is allowed).
void csh_session_destroy(CSHSession *session);

/// Highlights `code` (`code_length` bytes, UTF-8, NUL bytes allowed) with the language definition
/// `lang_file` found in `data_dir`. Lines end at '\n' only (normalise "\r\n" first). Each line of
/// code becomes one line of HTML, separated by '\n' as in the code: text is escaped (NUL becomes
/// U+FFFD), each language element is a `<span class="hl-ELEMENT">`, and no span crosses a line or
/// cuts a UTF-8 character. A definition is parsed once per process (per matcher) and shared by
/// every session.
///
/// Highlighting that takes more than `seconds_allowed` of the calling thread's CPU time (if > 0)
/// stops: a line's cost grows with the square of its length in some definitions. The clock is
/// read every 256 matches of a PCRE2 rule and every 256 lines, so a Boost rule or a long run of
/// short lines is stopped too (with `CSH_MATCHER_BOOST`, only at line ends).
///
/// Returns 1 and points `*html`/`*html_length` at the session's buffer (valid until the next call
/// with this session), 2 when the time limit stopped it, or 0; on 0 and 2 the reason is in
/// `csh_session_error(session)`.
int csh_highlight(CSHSession *session, const char *data_dir, const char *lang_file, CSHMatcher matcher,
                  const char *code, size_t code_length, double seconds_allowed,
                  const char **html, size_t *html_length);

/// Parses `lang_file` afresh (not from the cache) and builds its automaton. Returns 1 and fills
/// `*info` (may be NULL) if the definition is valid, else 0 with the reason in `csh_session_error`.
int csh_check_definition(CSHSession *session, const char *data_dir, const char *lang_file, CSHMatcher matcher,
                         CSHDefinitionInfo *info);

/// The reason of the session's last failure ("" if none): valid until the next call with it.
const char *csh_session_error(const CSHSession *session);

/// The version of the Source-highlight library loaded ("3.1.9"), and of PCRE2 ("10.42 2022-12-11"):
/// static strings, made once.
const char *csh_library_version(void);
const char *csh_pcre2_version(void);

#ifdef __cplusplus
}
#endif

#endif
