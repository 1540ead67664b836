/// The description of the `Failure` that `body` throws; `"unexpected …"` for any other error, and
/// nil when `body` does not throw. Tests compare error messages, the text users see, with it.
public func thrownMessage<Failure: Error & CustomStringConvertible>(
    _ failure: Failure.Type, _ body: () throws -> Void
) -> String? {
    do {
        try body()
        return nil
    } catch let error as Failure {
        return error.description
    } catch {
        return "unexpected \(error)"
    }
}
