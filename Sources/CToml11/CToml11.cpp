// The one file in Cellar that touches toml11. It parses, then flattens toml11's tree into plain C
// structs (pre-order, with byte offsets into the caller's text) and never lets an exception out:
// an exception crossing into Swift would abort the process.

#include "CToml11.h"

#include <new>
#include <sstream>
#include <string>
#include <vector>

// toml11 3.x (Debian's libtoml11-dev) is what this shim is written against; 4.x (Homebrew's) has
// another API. Without 3.x the shim still compiles, so the package builds everywhere, and says so.
#if __has_include(<toml.hpp>)
#  include <toml.hpp>
#  if defined(TOML11_VERSION_MAJOR) && TOML11_VERSION_MAJOR >= 4
#    define CTOML_HAS_TOML11_3 0
#  else
#    define CTOML_HAS_TOML11_3 1
#  endif
#else
#  define CTOML_HAS_TOML11_3 0
#endif

struct ctoml_document {
    bool failed = false;
    std::string error_message;
    size_t error_line = 0;
    size_t error_column = 0;
    std::vector<ctoml_node> nodes;
    std::string pool;
};

namespace {

void fail(ctoml_document &document, std::string message, size_t line, size_t column) {
    document.failed = true;
    document.error_message = std::move(message);
    document.error_line = line;
    document.error_column = column;
    document.nodes.clear();
    document.pool.clear();
}

} // namespace

#if CTOML_HAS_TOML11_3

using toml_value = toml::basic_value<toml::discard_comments, std::unordered_map, std::vector>;

namespace {

struct too_deep {};

class flattener {
public:
    flattener(ctoml_document &document, size_t max_depth) : document_(document), max_depth_(max_depth) {}

    void add(const toml_value &value, const std::string *key, size_t depth) {
        if (depth > max_depth_) { throw too_deep(); }
        ctoml_node node{};
        node.kind = kind_of(value);
        place(value, node);
        if (key != nullptr) {
            node.has_key = 1;
            node.key_start = document_.pool.size();
            node.key_length = key->size();
            document_.pool += *key;
        }
        if (value.is_string()) {
            const std::string &text = value.as_string().str;
            node.string_start = document_.pool.size();
            node.string_length = text.size();
            document_.pool += text;
        }
        const size_t index = document_.nodes.size();
        document_.nodes.push_back(node);
        if (value.is_array()) {
            const auto &items = value.as_array();
            document_.nodes[index].child_count = items.size();
            for (const auto &item : items) { add(item, nullptr, depth + 1); }
        } else if (value.is_table()) {
            const auto &table = value.as_table();
            document_.nodes[index].child_count = table.size();
            for (const auto &entry : table) { add(entry.second, &entry.first, depth + 1); }
        }
    }

private:
    static ctoml_kind kind_of(const toml_value &value) {
        switch (value.type()) {
        case toml::value_t::string: return CTOML_STRING;
        case toml::value_t::integer: return CTOML_INTEGER;
        case toml::value_t::floating: return CTOML_FLOAT;
        case toml::value_t::boolean: return CTOML_BOOLEAN;
        case toml::value_t::offset_datetime: return CTOML_OFFSET_DATETIME;
        case toml::value_t::local_datetime: return CTOML_LOCAL_DATETIME;
        case toml::value_t::local_date: return CTOML_LOCAL_DATE;
        case toml::value_t::local_time: return CTOML_LOCAL_TIME;
        case toml::value_t::array: return CTOML_ARRAY;
        default: return CTOML_TABLE;
        }
    }

    // The region's start and size; never value.location(), which counts lines from the start of
    // the text for every call.
    static void place(const toml_value &value, ctoml_node &node) {
        const auto *base = toml::detail::get_region(value);
        const auto *region = dynamic_cast<const toml::detail::region *>(base);
        if (region == nullptr) { return; }
        node.offset = static_cast<size_t>(region->first() - region->begin());
        node.length = region->size();
    }

    ctoml_document &document_;
    size_t max_depth_;
};

} // namespace

extern "C" int ctoml_available(void) { return 1; }

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length, size_t max_depth) {
    ctoml_document *document = new (std::nothrow) ctoml_document();
    if (document == nullptr) { return nullptr; }
    try {
        std::istringstream stream(std::string(text, length));
        const toml_value root = toml::parse<toml::discard_comments, std::unordered_map, std::vector>(stream, "toml");
        flattener(*document, max_depth).add(root, nullptr, 0);
    } catch (const toml::exception &error) {
        fail(*document, error.what(), error.location().line(), error.location().column());
    } catch (const too_deep &) {
        fail(*document, "[error] the document nests deeper than the limit", 0, 0);
    } catch (const std::bad_alloc &) {
        fail(*document, "[error] out of memory", 0, 0);
    } catch (const std::exception &error) {
        fail(*document, std::string("[error] ") + error.what(), 0, 0);
    } catch (...) {
        fail(*document, "[error] unknown failure in toml11", 0, 0);
    }
    return document;
}

#else

extern "C" int ctoml_available(void) { return 0; }

extern "C" ctoml_document *ctoml_parse(const char *, size_t, size_t) {
    ctoml_document *document = new (std::nothrow) ctoml_document();
    if (document != nullptr) { fail(*document, "[error] built without toml11 3.x", 0, 0); }
    return document;
}

#endif

extern "C" int ctoml_failed(const ctoml_document *document) { return document->failed ? 1 : 0; }
extern "C" const char *ctoml_error_message(const ctoml_document *document) { return document->error_message.c_str(); }
extern "C" size_t ctoml_error_line(const ctoml_document *document) { return document->error_line; }
extern "C" size_t ctoml_error_column(const ctoml_document *document) { return document->error_column; }
extern "C" size_t ctoml_node_count(const ctoml_document *document) { return document->nodes.size(); }
extern "C" const ctoml_node *ctoml_nodes(const ctoml_document *document) { return document->nodes.data(); }
extern "C" const char *ctoml_string_pool(const ctoml_document *document) { return document->pool.data(); }
extern "C" void ctoml_free(ctoml_document *document) { delete document; }
