import CellarCLI
import Foundation

let status = await CLI(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status.code)
