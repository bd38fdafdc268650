#ifndef CTOML11_H
#define CTOML11_H

/* A C face for toml11 (C++), so one Swift module can read TOML without C++ interop.
 * Only CellarTOML imports this header. Every C++ exception is caught inside the shim. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ctoml_kind {
    CTOML_STRING = 0,
    CTOML_INTEGER = 1,
    CTOML_FLOAT = 2,
    CTOML_BOOLEAN = 3,
    CTOML_OFFSET_DATETIME = 4,
    CTOML_LOCAL_DATETIME = 5,
    CTOML_LOCAL_DATE = 6,
    CTOML_LOCAL_TIME = 7,
    CTOML_ARRAY = 8,
    CTOML_TABLE = 9
} ctoml_kind;

/* One value of the parsed document. Nodes are stored in pre-order: a table or an array is followed
 * by its `child_count` children, each followed by its own children. Offsets are byte offsets into
 * the text given to ctoml_parse. */
typedef struct ctoml_node {
    ctoml_kind kind;
    /* Where toml11 places the value: the token of a scalar, array or inline table, the `[header]`
     * of a table, the dotted key of a table made implicitly by `a.b = 1`. */
    size_t offset;
    size_t length;
    /* The decoded text of a CTOML_STRING, in the document's string pool. */
    size_t string_start;
    size_t string_length;
    /* The key naming this node in its table (has_key 0 for array items and the root). */
    int has_key;
    size_t key_start;
    size_t key_length;
    size_t child_count;
} ctoml_node;

typedef struct ctoml_document ctoml_document;

/* 1 when the shim was built with toml11 3.x; 0 when it was not (then every parse fails). */
int ctoml_available(void);

/* Parses `length` bytes of UTF-8 TOML. Tables nested deeper than `max_depth` are refused (the
 * caller bounds the text beforehand; this is a second guard). Returns NULL only when out of memory;
 * otherwise check ctoml_failed, and free the document with ctoml_free. */
ctoml_document *ctoml_parse(const char *text, size_t length, size_t max_depth);

/* 1 when parsing failed: the message, line and column (1-based, column in bytes) describe why. */
int ctoml_failed(const ctoml_document *document);
/* toml11's message (a headline and an annotated excerpt), NUL-terminated; "" when it succeeded. */
const char *ctoml_error_message(const ctoml_document *document);
size_t ctoml_error_line(const ctoml_document *document);
size_t ctoml_error_column(const ctoml_document *document);

size_t ctoml_node_count(const ctoml_document *document);
const ctoml_node *ctoml_nodes(const ctoml_document *document);
const char *ctoml_string_pool(const ctoml_document *document);

void ctoml_free(ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif
