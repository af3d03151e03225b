import Dispatch
import FieldKit

/// A judgement of the value when Enter is pressed, before the prompt ends (a look-up in another form's table,
/// `exists:`): a value it refuses stays typed, the reason on the status line. One that takes longer than `patience`
/// seconds shows `note` there meanwhile. A class so `PromptOptions` stays `Sendable`: the judgement is only ever
/// run by the prompt that holds it, on a thread of its own while the prompt waits.
public final class EnterCheck: @unchecked Sendable {
    /// The reason a value is refused, or nil; bounded in time by whoever makes it (the database's own timeouts).
    let judge: (String) -> String?
    /// What the status line says while a slow judgement runs.
    let note: String
    /// Seconds before `note` is shown.
    let patience: Double

    /// A check by `judge`, showing `note` once it has taken `patience` seconds.
    public init(note: String, patience: Double = 0.3, judge: @escaping (String) -> String?) {
        self.judge = judge
        self.note = note
        self.patience = patience
    }

    /// The judgement of `value`; `waiting` is called once, when it has not come within `patience`.
    func verdict(on value: String, waiting: () -> Void) -> String? {
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        DispatchQueue.global().async {
            answer.reason = self.judge(value)
            done.signal()
        }
        if done.wait(timeout: .now() + patience) == .timedOut {
            waiting()
            done.wait()
        }
        return answer.reason
    }

    /// The judgement's result, handed from its thread to the prompt's (the semaphore orders the two).
    private final class Answer: @unchecked Sendable {
        var reason: String?
    }
}
