/// What a command line gave for a command's declared options: read by ``ArgumentList/options(_:)``.
struct GivenOptions: Sendable {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(values: [String: String] = [:], flags: Set<String> = []) {
        self.values = values
        self.flags = flags
    }

    /// Whether the flag was given.
    func flag(_ option: CommandOption) -> Bool {
        flags.contains(option.name)
    }

    /// The option's value, else its default.
    func value(_ option: CommandOption) -> String? {
        values[option.name] ?? option.defaultValue
    }
}
