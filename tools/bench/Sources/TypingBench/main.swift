import AllocationCounter
import Foundation
import PhoneNumbers
import SignUp

// Times the number field as it is typed over every example number of the phone data
// (Tests/PhoneNumbersTests/AsYouTypeExamples.tsv), each keystroke apart: AsYouTypeFormatter's
// input(_:), and a whole edit of DestinationField (a keystroke at the caret, the text formatted
// again and the caret kept). Prints one line a measure: name, keystrokes, p50 ns, p99 ns; then,
// from one more round apart from the timing, one line a measure: its allocations beyond the
// text it makes (a String of more than 15 UTF-8 bytes is one block; up to 15 are held inline).
//   TypingBench PATH-TO-AsYouTypeExamples.tsv [ROUNDS]

/// One number typed: its region (nil: none) and what is typed.
struct Typed {
    let region: PhoneRegion?
    let text: String
}

func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func percentile(_ sorted: [UInt64], _ fraction: Double) -> UInt64 {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: TypingBench AsYouTypeExamples.tsv [ROUNDS]\n".utf8))
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let numbers = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    return Typed(region: fields[0] == "ZZ" ? nil : PhoneRegion(String(fields[0])), text: String(fields[2]))
}

var keystroke: [UInt64] = []
var edit: [UInt64] = []
keystroke.reserveCapacity(numbers.count * 16 * rounds)
edit.reserveCapacity(numbers.count * 16 * rounds)
var shown = 0
for _ in 0..<rounds {
    for number in numbers {
        var formatter = AsYouTypeFormatter(region: number.region)
        for character in number.text {
            let start = monotonicNanoseconds()
            let output = formatter.input(character)
            keystroke.append(monotonicNanoseconds() - start)
            shown &+= output.utf8.count
        }
        var field = DestinationField(region: number.region)
        for character in number.text {
            let start = monotonicNanoseconds()
            field.replace(field.caret..<field.caret, with: String(character))
            edit.append(monotonicNanoseconds() - start)
            shown &+= field.caret
        }
    }
}
// Allocations beyond the text made: a keystroke's, beyond the text it shows; an edit's, beyond
// the field's text before it is formatted and after.
var extraKeystrokeAllocations = 0
var extraEditAllocations = 0
let counted = bench_allocations() >= 0
bench_count_allocations(true)
for number in counted ? numbers : [] {
    var formatter = AsYouTypeFormatter(region: number.region)
    for character in number.text {
        let before = bench_allocations()
        let output = formatter.input(character)
        let made = bench_allocations() - before
        extraKeystrokeAllocations += max(0, made - (output.utf8.count > 15 ? 1 : 0))
    }
    var field = DestinationField(region: number.region)
    for character in number.text {
        let replacement = String(character)
        let edited = field.text.utf8.count + replacement.utf8.count
        let before = bench_allocations()
        field.replace(field.caret..<field.caret, with: replacement)
        let made = bench_allocations() - before
        extraEditAllocations += max(0, made - (edited > 15 ? 1 : 0) - (field.text.utf8.count > 15 ? 1 : 0))
    }
}
bench_count_allocations(false)

keystroke.sort()
edit.sort()
print(
    "keystroke (AsYouTypeFormatter.input)\t\(keystroke.count)\t\(percentile(keystroke, 0.5))\t\(percentile(keystroke, 0.99))"
)
print("edit with caret (DestinationField.replace)\t\(edit.count)\t\(percentile(edit, 0.5))\t\(percentile(edit, 0.99))")
FileHandle.standardError.write(Data("(checksum \(shown))\n".utf8))
if counted {
    print("allocations a keystroke beyond its text\t\(keystroke.count / rounds)\t\(extraKeystrokeAllocations)")
    print("allocations an edit beyond its texts\t\(edit.count / rounds)\t\(extraEditAllocations)")
}
