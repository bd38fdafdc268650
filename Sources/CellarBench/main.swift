import Foundation

let status = await BenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
