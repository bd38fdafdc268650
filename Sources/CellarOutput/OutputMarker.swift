import CellarFiles

/// The file that makes a folder Cellar's: `.cellar-output`, in the output folder and in its spare.
///
/// It proves two things. That the folder is Cellar's (nothing else is ever replaced or removed).
/// And which tree it is: the marker is rewritten in place whenever a build finishes a tree, so
/// its inode and modification time (a ``TreeID``) name one finished state of one folder — the
/// key under which the cache keeps that tree's manifest. While a build changes the spare, the
/// marker says so ("being written"); a spare found in that state was left by an interrupted
/// build, and nothing in it is trusted.
package enum OutputMarker {
    package static let name = ".cellar-output"
    static let finishedText = "This folder is written by Cellar (cellar build) and replaced on every build.\n"
    /// As long as ``finishedText``, so switching between the two never truncates the file.
    static let unfinishedText: String = {
        let text = "This folder is being written by Cellar (cellar build); it is not finished."
        return text + String(repeating: " ", count: max(0, finishedText.utf8.count - text.utf8.count - 1)) + "\n"
    }()

    enum State: Equatable {
        /// No marker: not a folder Cellar wrote (or an empty one).
        case absent
        /// A finished tree, as Cellar wrote it.
        case finished(TreeID)
        /// A spare a build was changing when it stopped.
        case unfinished
    }

    /// What the marker in `folder` says. A marker that is not a regular file, or says something
    /// else, counts as unfinished: the folder is Cellar's, but nothing in it is trusted.
    static func state(of folder: String) -> State {
        let path = Paths.join(folder, name)
        guard let status = FileIO.status(path) else { return .absent }
        guard status.kind == .file, status.size < 4096, let bytes = try? FileIO.read(path, limit: 4096) else { return .unfinished }
        if bytes.elementsEqual(finishedText.utf8) { return .finished(TreeID(status)) }
        return .unfinished
    }

    /// Whether `folder` holds a marker at all (finished or not): the proof that it is Cellar's.
    static func isPresent(in folder: String) -> Bool {
        FileIO.status(Paths.join(folder, name)) != nil
    }

    /// Writes the marker of `folder` in place (creating it when missing).
    /// - Returns: the tree's identity when `finished`.
    @discardableResult
    static func write(finished: Bool, in folder: String) throws(FileIOError) -> TreeID {
        let path = Paths.join(folder, name)
        var text = finished ? finishedText : unfinishedText
        var result: Result<FileIO.Written, FileIOError> = .failure(FileIOError(path: path, operation: "write", code: EIO))
        text.withUTF8 { bytes in
            do throws(FileIOError) {
                result = .success(try FileIO.write(UnsafeRawBufferPointer(bytes), to: path, creating: false))
            } catch {
                result = .failure(error)
            }
        }
        let written = try result.get()
        return TreeID(inode: written.inode, modified: written.modified)
    }
}

/// One finished state of one output tree: its marker's inode and modification time.
package struct TreeID: Hashable, Sendable, Codable {
    var inode: UInt64
    var modified: Int64

    init(inode: UInt64, modified: Int64) {
        self.inode = inode
        self.modified = modified
    }

    init(_ status: FileStatus) {
        self.init(inode: status.inode, modified: status.modified)
    }

    /// The name of its manifest in the cache.
    package var fileName: String { "\(inode)-\(modified)" }
}
