// The extern "C" functions of include/CSourceHighlight.h: every exception stops here.

#include <cstring>
#include <sstream>

#include <srchilite/highlightbuilderexception.h>
#include <srchilite/ioexception.h>
#include <srchilite/parserexception.h>
#include <srchilite/sourcehighlighter.h>
#include <srchilite/versions.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "Internal.h"
#include "PCRE2RuleFactory.h"

namespace {

template <typename Exception>
std::string printed(const Exception &exception) {
    std::ostringstream message;
    message << exception;   // the library's own "file:line: message" form
    std::string text = message.str();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

/// Runs `body`, turning any exception into the session's error. Returns 1 on success.
template <typename Body>
int guarded(CSHSession *session, Body body) {
    if (!session)
        return 0;
    session->error.clear();
    session->timedOut = false;
    try {
        body();
        return 1;
    } catch (const cellar::TimeLimitExceeded &e) {
        session->error = e.what();
        session->timedOut = true;
    } catch (const srchilite::ParserException &e) {
        session->error = printed(e);
    } catch (const srchilite::HighlightBuilderException &e) {
        session->error = printed(e);
    } catch (const srchilite::IOException &e) {
        session->error = e.message + " " + e.filename;
    } catch (const std::exception &e) {
        session->error = e.what();
    } catch (...) {
        session->error = "unknown C++ exception in GNU Source-highlight";
    }
    if (session->error.empty())
        session->error = "GNU Source-highlight failed without saying why";
    return 0;
}

}  // namespace

extern "C" {

CSHSession *csh_session_create(void) {
    try {
        return new CSHSession();
    } catch (...) {
        return nullptr;
    }
}

void csh_session_destroy(CSHSession *session) {
    delete session;
}

int csh_highlight(CSHSession *session, const char *data_dir, const char *lang_file, CSHMatcher matcher,
                  const char *code, size_t code_length, double seconds_allowed,
                  const char **html, size_t *html_length) {
    const int done = guarded(session, [&] {
        session->output.clear();
        session->carry.clear();
        session->openSpan = nullptr;
        const std::string key = cellar::definitionKey(data_dir, lang_file, matcher);
        auto known = session->definitions.find(key);
        if (known == session->definitions.end()) {
            known = session->definitions.emplace(key, cellar::sharedDefinition(key, data_dir, lang_file, matcher)).first;
            session->ensureFormatters(known->second->elements);
        }
        const std::shared_ptr<const cellar::Definition> &definition = known->second;

        std::unique_lock<std::mutex> serialised(cellar::libraryLock(), std::defer_lock);
        if (definition->info.serialised)
            serialised.lock();

        session->output.reserve(code_length + code_length / 2 + 64);
        struct TimeLimit {   // for this call only, whether it returns or throws
            explicit TimeLimit(double seconds) { cellar::setMatchingTimeLimit(seconds); }
            ~TimeLimit() { cellar::setMatchingTimeLimit(0); }
        } timeLimit(seconds_allowed);
        srchilite::SourceHighlighter highlighter(definition->mainState);
        highlighter.setFormatterManager(&session->formatters);
        highlighter.setOptimize(false);   // the session merges a run of one element into one span itself

        std::string line;
        const char *position = code_length ? code : "";
        const char *const end = position + code_length;
        while (true) {
            const void *newline = std::memchr(position, '\n', static_cast<size_t>(end - position));
            const char *lineEnd = newline ? static_cast<const char *>(newline) : end;
            line.assign(position, static_cast<size_t>(lineEnd - position));
            cellar::checkMatchingTimeLimit();
            highlighter.highlightParagraph(line);
            session->endLine();
            if (!newline)
                break;
            session->output += '\n';
            position = lineEnd + 1;
        }
        *html = session->output.data();
        *html_length = session->output.size();
    });
    return done == 0 && session && session->timedOut ? 2 : done;
}

int csh_check_definition(CSHSession *session, const char *data_dir, const char *lang_file, CSHMatcher matcher,
                         CSHDefinitionInfo *info) {
    return guarded(session, [&] {
        std::lock_guard<std::mutex> guard(cellar::libraryLock());
        std::shared_ptr<cellar::Definition> definition = cellar::buildDefinition(data_dir, lang_file, matcher);
        if (info)
            *info = definition->info;
    });
}

const char *csh_session_error(const CSHSession *session) {
    return session ? session->error.c_str() : "no session";
}

}  // extern "C"

extern "C" const char *csh_library_version(void) {
    static const std::string version = [] {
        try {
            return srchilite::Versions::getVersion();
        } catch (...) {
            return std::string("unknown");
        }
    }();
    return version.c_str();
}

extern "C" const char *csh_pcre2_version(void) {
    static const std::string version = [] {
        char buffer[64] = {0};
        return pcre2_config(PCRE2_CONFIG_VERSION, buffer) > 0 ? std::string(buffer) : std::string("unknown");
    }();
    return version.c_str();
}
