/// One of the metadata's patterns compiled to a backtracking program over a number's digits,
/// which matches as Python's `re` does (alternatives in their order, counts greedy), in a small
/// part of the time Swift's `Regex` takes (it reads Characters, where a number is ASCII digits).
///
/// It reads the syntax libphonenumber's patterns use: digits, `\d`, classes of digits and
/// ranges (`[2-57]`), groups (`(…)` capturing, `(?:…)` not), `|`, `?`, `{n}`, `{n,m}`, and
/// `$` (the end). Anything else makes no program: the data's test checks
/// that every pattern of the data makes one.
struct DigitProgram: Sendable {
    /// One step of the program.
    enum Instruction: Sendable {
        /// A digit of the set: bit `d` for the digit `d`.
        case digit(UInt16)
        /// Go on at the first address, and when that fails, at the second.
        case split(Int, Int)
        /// Go on at the address.
        case jump(Int)
        /// Note the position in a slot: `2 × (group − 1)` for the start of a group, one more
        /// for its end.
        case save(Int)
        /// Only at the end of the digits (`$`).
        case end
        /// The pattern has matched.
        case match
    }

    /// The syntax tree a pattern is read into.
    private indirect enum Node {
        case digits(UInt16)
        case sequence([Node])
        case alternation([Node])
        case group(Node, capture: Int?)
        case repeated(Node, min: Int, max: Int)
        case end
    }

    let instructions: [Instruction]
    /// How many capturing groups the pattern has.
    let groupCount: Int
    /// How many splits and saves the program has: the most a path can stack of each, as every
    /// jump goes forward.
    let splits: Int, saves: Int
    /// The fewest and the most digits a match takes: a number of another length is refused
    /// without running the program (most are, as a number is typed).
    let shortest: Int, longest: Int

    /// The program of `source`; nil when it uses syntax this reader does not know.
    init?(_ source: String) {
        var reader = Reader(characters: Array(source.utf8))
        guard let tree = reader.alternation(), reader.index == reader.characters.count else { return nil }
        var instructions: [Instruction] = []
        Self.emit(tree, into: &instructions)
        instructions.append(.match)
        self.instructions = instructions
        groupCount = reader.groupCount
        splits = instructions.count { if case .split = $0 { true } else { false } }
        saves = instructions.count { if case .save = $0 { true } else { false } }
        (shortest, longest) = Self.lengths(of: instructions)
    }

    /// The fewest and the most digits a path from the start to `.match` takes, worked out
    /// from the end, as every jump goes forward.
    private static func lengths(of instructions: [Instruction]) -> (shortest: Int, longest: Int) {
        var shortest = [Int](repeating: 0, count: instructions.count)
        var longest = shortest
        for pc in instructions.indices.reversed() {
            switch instructions[pc] {
            case .digit:
                (shortest[pc], longest[pc]) = (shortest[pc + 1] + 1, longest[pc + 1] + 1)
            case .split(let first, let second):
                shortest[pc] = min(shortest[first], shortest[second])
                longest[pc] = max(longest[first], longest[second])
            case .jump(let target):
                (shortest[pc], longest[pc]) = (shortest[target], longest[target])
            case .save, .end:
                (shortest[pc], longest[pc]) = (shortest[pc + 1], longest[pc + 1])
            case .match:
                (shortest[pc], longest[pc]) = (0, 0)
            }
        }
        return (shortest[0], longest[0])
    }

    /// The first match at the start of `input` (ASCII bytes) in Python's order — with
    /// `whole`, the first that takes all of it — as its end and its slots (-1: no position).
    func run(_ input: UnsafeBufferPointer<UInt8>, whole: Bool) -> (end: Int, slots: [Int])? {
        var slots = [Int](repeating: -1, count: 2 * groupCount)
        let end = slots.withUnsafeMutableBufferPointer { execute(input, whole: whole, slots: $0) }
        return end.map { ($0, slots) }
    }

    /// As ``run(_:whole:)``, its slots written to `slots` (at least `2 × groupCount` of them,
    /// set to -1 first), so that a caller with a buffer of its own allocates nothing.
    func run(_ input: UnsafeBufferPointer<UInt8>, whole: Bool, slots: UnsafeMutableBufferPointer<Int>) -> Int? {
        slots.initialize(repeating: -1)
        return execute(input, whole: whole, slots: slots)
    }

    /// Where the match of ``run(_:whole:)`` ends, without its groups: no slots kept, so that
    /// asking whether a pattern matches allocates nothing.
    func matchEnd(_ input: UnsafeBufferPointer<UInt8>, whole: Bool) -> Int? {
        execute(input, whole: whole, slots: nil)
    }

    /// Runs the program on `input`, noting the groups' positions in `slots` when given. What
    /// to try when a path fails is stacked in a buffer on the stack: a thread (its address and
    /// position) or a slot to restore (-1 − the slot, and its old value), in 8 bytes, so that
    /// all but the largest programs' fit in the 1 KiB that is always taken from the stack.
    /// Every jump goes forward, so a path stacks each split and each save once at most: the
    /// buffer holds them all. Input shorter than ``shortest`` (or, `whole`, longer than
    /// ``longest``) matches nothing, and so does input of 2³¹ bytes or more.
    private func execute(
        _ input: UnsafeBufferPointer<UInt8>, whole: Bool, slots: UnsafeMutableBufferPointer<Int>?
    ) -> Int? {
        guard input.count >= shortest, !whole || input.count <= longest, input.count < Int32.max else { return nil }
        let capacity = max(splits + (slots == nil ? 0 : saves), 1)
        return withUnsafeTemporaryAllocation(of: (first: Int32, second: Int32).self, capacity: capacity) { stack in
            var depth = 0
            var pc = 0
            var position = 0
            while true {
                var failed = false
                switch instructions[pc] {
                case .digit(let set):
                    let digit = position < input.count ? input[position] &- 48 : 255
                    if digit < 10, set & (1 << digit) != 0 {
                        position += 1
                        pc += 1
                    } else {
                        failed = true
                    }
                case .split(let first, let second):
                    stack[depth] = (Int32(truncatingIfNeeded: second), Int32(truncatingIfNeeded: position))
                    depth += 1
                    pc = first
                case .jump(let target):
                    pc = target
                case .save(let slot):
                    if let slots {
                        stack[depth] = (Int32(truncatingIfNeeded: -1 - slot), Int32(truncatingIfNeeded: slots[slot]))
                        depth += 1
                        slots[slot] = position
                    }
                    pc += 1
                case .end:
                    if position == input.count { pc += 1 } else { failed = true }
                case .match:
                    if !whole || position == input.count { return position }
                    failed = true
                }
                guard failed else { continue }
                while true {
                    guard depth > 0 else { return nil }
                    depth -= 1
                    let top = stack[depth]
                    if top.first < 0 {
                        slots?[Int(-1 - top.first)] = Int(top.second)
                    } else {
                        (pc, position) = (Int(top.first), Int(top.second))
                        break
                    }
                }
            }
        }
    }

    /// `node`'s instructions, appended to `program`.
    private static func emit(_ node: Node, into program: inout [Instruction]) {
        switch node {
        case .digits(let set):
            program.append(.digit(set))
        case .end:
            program.append(.end)
        case .sequence(let nodes):
            for node in nodes { emit(node, into: &program) }
        case .group(let body, let capture):
            if let capture { program.append(.save(2 * capture)) }
            emit(body, into: &program)
            if let capture { program.append(.save(2 * capture + 1)) }
        case .alternation(let branches):
            // split(branch, next split) … each branch jumps to the end when it is through.
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                let split = program.count
                let last = index == branches.count - 1
                if !last { program.append(.split(split + 1, -1)) }
                emit(branch, into: &program)
                if !last {
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let body, let min, let max):
            for _ in 0..<min { emit(body, into: &program) }
            // Each optional copy skips to the end, so that `x{0,2}` is `(?:x(?:x)?)?`.
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(program.count)
                program.append(.split(program.count + 1, -1))
                emit(body, into: &program)
            }
            for split in splits { program[split] = .split(split + 1, program.count) }
        }
    }

    /// A recursive-descent reader of a pattern's bytes.
    private struct Reader {
        let characters: [UInt8]
        var index = 0
        var groupCount = 0

        private var next: UInt8? { index < characters.count ? characters[index] : nil }

        private mutating func take(_ character: Character) -> Bool {
            guard next == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// Branches separated by `|`.
        mutating func alternation() -> Node? {
            var branches: [Node] = []
            repeat {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
            } while take("|")
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        /// Atoms, each with its count, up to a `|`, a `)` or the end.
        private mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while let character = next, character != UInt8(ascii: "|"), character != UInt8(ascii: ")") {
                guard let atom = atom(), let counted = count(of: atom) else { return nil }
                nodes.append(counted)
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        private mutating func atom() -> Node? {
            guard let character = next else { return nil }
            index += 1
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .digits(1 << (character - UInt8(ascii: "0")))
            case UInt8(ascii: "\\"):
                return take("d") ? .digits(0x3FF) : nil
            case UInt8(ascii: "$"):
                return .end
            case UInt8(ascii: "["):
                return digitClass()
            case UInt8(ascii: "("):
                var capture: Int?
                if take("?") {
                    guard take(":") else { return nil }
                } else {
                    capture = groupCount
                    groupCount += 1
                }
                guard let body = alternation(), take(")") else { return nil }
                return .group(body, capture: capture)
            default:
                return nil
            }
        }

        /// The digits of a class after its `[`, through its `]`.
        private mutating func digitClass() -> Node? {
            var set: UInt16 = 0
            while let character = next, character != UInt8(ascii: "]") {
                guard let low = Self.digit(character) else { return nil }
                index += 1
                var high = low
                if next == UInt8(ascii: "-"), index + 1 < characters.count, characters[index + 1] != UInt8(ascii: "]") {
                    guard let end = Self.digit(characters[index + 1]), end >= low else { return nil }
                    high = end
                    index += 2
                }
                for digit in low...high { set |= 1 << digit }
            }
            guard take("]"), set != 0 else { return nil }
            return .digits(set)
        }

        /// `atom` with the count that follows it, if any: `?`, `{n}` or `{n,m}`.
        private mutating func count(of atom: Node) -> Node? {
            var counted = atom
            if take("?") {
                counted = .repeated(atom, min: 0, max: 1)
            } else if take("{") {
                guard let min = number() else { return nil }
                let max = take(",") ? number() : min
                guard let max, max >= min, take("}") else { return nil }
                counted = .repeated(atom, min: min, max: max)
            }
            // A lazy count (`??`, `{2}?`) and an open one (`*`, `+`) are not the metadata's.
            if let next, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(next) { return nil }
            return counted
        }

        private mutating func number() -> Int? {
            var value: Int?
            // At most three digits: the metadata's counts are small, and a program is as long.
            while let character = next, let digit = Self.digit(character), (value ?? 0) < 100 {
                value = (value ?? 0) * 10 + Int(digit)
                index += 1
            }
            return value
        }

        private static func digit(_ character: UInt8) -> UInt8? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) ? character - UInt8(ascii: "0") : nil
        }
    }
}
