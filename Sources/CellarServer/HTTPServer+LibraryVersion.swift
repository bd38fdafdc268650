internal import CMicroHTTPD

extension HTTPServer {
    /// The version of the libmicrohttpd Cellar runs with, as the library reports it ("0.9.75").
    package static var libraryVersion: String { String(cString: MHD_get_version()) }
}
