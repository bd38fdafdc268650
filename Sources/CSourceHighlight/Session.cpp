// A session's formatters: every element becomes an escaped `<span class="hl-ELEMENT">`.

#include <srchilite/formatter.h>

#include "Internal.h"

namespace {

/// Writes the text of one element into its session's buffer.
class SpanFormatter : public srchilite::Formatter {
    CSHSession &session;
    const std::string openTag;   // "" for text outside any span

public:
    SpanFormatter(CSHSession &session, std::string openTag) : session(session), openTag(std::move(openTag)) {}

    void format(const std::string &text, const srchilite::FormatterParams *) override {
        session.write(openTag, text);
    }
};

/// The class for an element name: letters, digits, '-' and '_' only.
std::string className(const std::string &element) {
    std::string name = "hl-";
    for (char c : element) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        name += safe ? c : '_';
    }
    return name;
}

/// How many bytes at the end of `text` begin a UTF-8 character that is not complete yet.
size_t incompleteTail(const std::string &text) {
    const size_t size = text.size();
    for (size_t back = 1; back <= 3 && back <= size; ++back) {
        const unsigned char byte = static_cast<unsigned char>(text[size - back]);
        if ((byte & 0xC0) == 0x80)
            continue;   // a continuation byte: the lead byte is further back
        size_t expected = 1;
        if ((byte & 0xE0) == 0xC0) expected = 2;
        else if ((byte & 0xF0) == 0xE0) expected = 3;
        else if ((byte & 0xF8) == 0xF0) expected = 4;
        return expected > back ? back : 0;
    }
    return 0;
}

}  // namespace

CSHSession::CSHSession() : formatters(srchilite::FormatterPtr(new SpanFormatter(*this, ""))) {}

void CSHSession::ensureFormatters(const std::set<std::string> &elements) {
    for (const std::string &element : elements) {
        if (element.empty() || element == "normal" || registered.count(element))
            continue;
        registered.insert(element);
        formatters.addFormatter(element, srchilite::FormatterPtr(
            new SpanFormatter(*this, "<span class=\"" + className(element) + "\">")));
    }
}

void CSHSession::write(const std::string &openTag, const std::string &piece) {
    const std::string *text = &piece;
    std::string joined;
    if (!carry.empty()) {
        joined = carry + piece;
        carry.clear();
        text = &joined;
    }
    size_t length = text->size();
    if (const size_t tail = incompleteTail(*text)) {
        carry.assign(*text, length - tail, tail);
        length -= tail;
    }
    if (length == 0)
        return;
    if (openSpan != &openTag) {
        closeSpan();
        if (!openTag.empty()) {
            output += openTag;
            openSpan = &openTag;
        }
    }
    appendEscaped(text->data(), length);
}

void CSHSession::closeSpan() {
    if (openSpan) {
        output += "</span>";
        openSpan = nullptr;
    }
}

void CSHSession::endLine() {
    if (!carry.empty()) {
        const std::string orphan = carry;   // only invalid UTF-8 leaves bytes here: the caller replaces them
        carry.clear();
        closeSpan();
        appendEscaped(orphan.data(), orphan.size());
    }
    closeSpan();
}

void CSHSession::appendEscaped(const char *bytes, size_t length) {
    size_t start = 0;
    for (size_t i = 0; i < length; ++i) {
        const char *replacement;
        switch (bytes[i]) {
        case '&': replacement = "&amp;"; break;
        case '<': replacement = "&lt;"; break;
        case '>': replacement = "&gt;"; break;
        case '"': replacement = "&quot;"; break;
        case '\'': replacement = "&#39;"; break;
        case '\0': replacement = "\xEF\xBF\xBD"; break;   // U+FFFD: HTML text has no NUL
        default: continue;
        }
        output.append(bytes + start, i - start);
        output += replacement;
        start = i + 1;
    }
    output.append(bytes + start, length - start);
}
