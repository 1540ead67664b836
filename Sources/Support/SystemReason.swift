import Foundation

/// Why a file-system call failed, in a few words: the system's message for Foundation's
/// underlying POSIX error (`Not a directory`, `Permission denied`), else the error's own
/// description on one line.
public func systemReason(of error: any Error) -> String {
    let nsError = error as NSError
    // On Linux the underlying error is stored as a Swift error, which `as? NSError` misses.
    if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
        underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(underlying.code))
    {
        return String(cString: text)
    }
    return ErrorLine.flattening("\(error)")
}
