/// The closing table: each target of issue 6, what was measured, the limit and PASS/FAIL.
struct TargetSummary {
    struct Row {
        var target: String
        var measured: String
        var limit: String
        var result: String
        var note: String
    }

    private(set) var rows: [Row] = []

    mutating func add(_ target: String, measured: String, limit: String, passed: Bool?, note: String = "") {
        let result = passed.map(Report.verdict) ?? "-"
        rows.append(Row(target: target, measured: measured, limit: limit, result: result, note: note))
    }

    func print() {
        Report.heading("summary")
        Report.table(["target", "measured", "limit", "result", "note"],
                     rows.map { [$0.target, $0.measured, $0.limit, $0.result, $0.note] }, left: [0, 3, 4])
    }
}
