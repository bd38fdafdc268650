#ifndef CELLAR_CMICROHTTPD_SHIM_H
#define CELLAR_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_get_connection_info is variadic, which Swift cannot call: these non-variadic wrappers do. */

/// The socket of a connection, or -1.
static inline int cellar_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The client's address (a sockaddr_in or sockaddr_in6), or NULL.
static inline const struct sockaddr *cellar_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The pointer kept for the connection by the connection-notification callback, or NULL.
static inline void *cellar_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The size of the request's head (request line, headers and the empty line), or 0 while it
/// has not all arrived.
static inline size_t cellar_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

static enum MHD_Result cellar_mhd_keep_first_key(void *cls, enum MHD_ValueKind kind,
                                                 const char *key, const char *value) {
    (void) kind;
    (void) value;
    *(const char **) cls = key;
    return MHD_NO;
}

/// Where the first request header's name starts in libmicrohttpd's read buffer — just past
/// the end of the request line — or NULL when the request has no headers.
static inline const char *cellar_mhd_first_header_name(struct MHD_Connection *connection) {
    const char *first = NULL;
    MHD_get_connection_values(connection, MHD_HEADER_KIND, cellar_mhd_keep_first_key, &first);
    return first;
}

#endif
