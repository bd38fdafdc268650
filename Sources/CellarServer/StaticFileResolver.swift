/// Maps a raw request path onto a file under a root folder, refusing anything outside it.
///
/// The path is decoded and checked by ``RequestPath`` first; what remains is joined onto the
/// root's real path and resolved with `realpath(3)`, and the result must still lie inside
/// the root, so symlinks that lead out (or loop) are refused as well. Folders are never
/// listed: `/x/` serves `/x/index.html` if it exists, `/x?q` redirects to `/x/?q` when it does.
///
/// Hidden files and folders (any segment starting with `.`, except `.well-known`) are treated
/// as not part of the site and resolve to ``FileResolution/notFound``, so a `public/.git` is
/// never served.
///
/// The root is resolved on every call, never cached, because the site may be rebuilt and
/// swapped in between two requests.
struct StaticFileResolver: Sendable {
    /// The served folder.
    var root: String
    /// The file served for a folder.
    var indexFile = "index.html"

    /// Resolves a raw request target (percent-encoded, query allowed) as sent by the client.
    func resolve(_ rawPath: String) -> FileResolution {
        resolve(rawBytes: Array(rawPath.utf8))
    }

    /// Resolves a raw request target given as bytes, which need not be valid UTF-8.
    func resolve(rawBytes: [UInt8]) -> FileResolution {
        let path: RequestPath
        do {
            path = try RequestPath(raw: rawBytes)
        } catch .malformed {
            return .badRequest
        } catch {
            return .forbidden
        }
        if path.isHidden { return .notFound }
        guard let realRoot = Self.realPath(of: root).success else { return .notFound }

        let joined = path.segments.isEmpty ? realRoot : realRoot + "/" + path.segments.joined(separator: "/")
        let target: String
        switch Self.realPath(of: joined) {
        case .success(let real): target = real
        case .failure(.loop): return .forbidden
        case .failure(.missing): return .notFound
        }
        guard Self.isInside(target, root: realRoot) else { return .forbidden }

        switch Self.kind(of: target) {
        case .file:
            return path.isFolderRequest ? .notFound : .file(path: target, mimeType: MIMEType(fileName: target))
        case .folder:
            guard let index = indexFile(in: target, root: realRoot) else { return .notFound }
            if path.isFolderRequest || path.segments.isEmpty { return index }
            return .redirect(location: path.folderLocation)
        case .other:
            return .forbidden
        case .missing:
            return .notFound
        }
    }
}

private extension StaticFileResolver {
    enum RealPathFailure: Error { case missing, loop }
    enum Kind { case file, folder, other, missing }

    func indexFile(in folder: String, root: String) -> FileResolution? {
        guard case .success(let real) = Self.realPath(of: folder + "/" + indexFile),
              Self.isInside(real, root: root),
              Self.kind(of: real) == .file
        else { return nil }
        return .file(path: real, mimeType: MIMEType(fileName: real))
    }

    static func realPath(of path: String) -> Result<String, RealPathFailure> {
        guard let resolved = realpath(path, nil) else {
            return .failure(errno == ELOOP ? .loop : .missing)
        }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }
}

private extension Result {
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
