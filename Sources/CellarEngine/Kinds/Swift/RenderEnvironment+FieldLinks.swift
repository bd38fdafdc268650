extension RenderEnvironment {
    /// Addresses in Swift kinds' values as pages link them.
    var fieldLinks: FieldLinks {
        FieldLinks(file: { [self] in fileHref($0) }, url: { [self] in url.href(written: $0) })
    }
}
