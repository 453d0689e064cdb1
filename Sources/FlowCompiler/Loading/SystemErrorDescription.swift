#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Says in words what an `errno` value means for a file flowc was asked to read or write, and what
/// to do about it, so an I/O failure never reads as a vague "cannot be read".
public enum SystemErrorDescription {
    /// The cause of `code` (an `errno` value) as a lowercase phrase with advice, for messages like
    /// `cannot read 'x.yaml': permission denied; …`. Unlisted codes use the C library's text and
    /// the code's number.
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied; check the permissions of the file and of the folders above it"
        case ELOOP: return "too many levels of symbolic links (a symbolic link loop); fix or remove the link"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ENAMETOOLONG: return "the path is too long"
        case EISDIR: return "it is a folder, not a file"
        case ENXIO: return "no process is reading or writing it (a socket or a device without a driver)"
        case ENOSPC: return "no space left on the device; free some space or write elsewhere"
        case EDQUOT: return "the disk quota is exceeded; free some space or write elsewhere"
        case EROFS: return "the file system is read-only; write elsewhere"
        case EIO: return "input/output error (the disk or device failed)"
        case EMFILE, ENFILE: return "too many open files; raise the limit (ulimit -n) or read fewer files at once"
        case ETXTBSY: return "the file is busy (an executable in use)"
        case EFBIG: return "the file is too large for the file system"
        default:
            guard let text = strerror(code) else { return "system error \(code)" }
            return String(cString: text).lowercased() + " (errno \(code))"
        }
    }

    /// What kind of file a `stat` mode describes, as a noun phrase ("a FIFO (named pipe)").
    static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "a special file"
        }
    }
}
