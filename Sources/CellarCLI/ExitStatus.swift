/// How `cellar` exits: 0 success, 1 a failed build or check, 2 a usage mistake (as grep and most Unix tools do).
package enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2

    package var code: Int32 { rawValue }
}
