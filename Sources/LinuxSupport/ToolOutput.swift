import CLinux
import Glibc

/// Runs `tool` with `arguments` (the environment inherited, stderr to /dev/null) and returns
/// its standard output if it exits with status 0 (it exits 127 if it cannot be run): what
/// `Process` + `Pipe` did for the one caller that needed a command's output.
public func toolOutput(_ tool: String, _ arguments: [String]) -> String? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    _ = oak_set_cloexec(pipeEnds[0])
    _ = oak_set_cloexec(pipeEnds[1])  // dup2 in the child clears it on its stdout
    let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // oak_spawn, not posix_spawn: the child gets no other descriptor and no blocked signal.
    let pid = oak_spawn(tool, argv, environ, -1, pipeEnds[1], devNull)
    close(pipeEnds[1])
    if devNull >= 0 { close(devNull) }
    guard pid > 0 else {
        close(pipeEnds[0])
        return nil
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipeEnds[0], &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        output += chunk[..<count]
    }
    close(pipeEnds[0])
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    // WIFEXITED && WEXITSTATUS == 0
    return raw & 0x7F == 0 && (raw >> 8) & 0xFF == 0 ? String(decoding: output, as: UTF8.self) : nil
}
