#ifndef CELLAR_CMICROHTTPD_SHIM_H
#define CELLAR_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The socket of a connection, or -1. `MHD_get_connection_info` is variadic, which Swift
/// cannot call, so this non-variadic wrapper does it.
static inline int cellar_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
