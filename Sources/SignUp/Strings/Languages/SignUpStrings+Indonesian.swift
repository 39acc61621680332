import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Indonesian (`id`). Formal Anda, mostly left out; nomor HP, kata sandi, kedaluwarsa (KBBI spelling).
    public static let indonesian = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Minta kode"
        strings.sending = "Mengirim…"
        strings.resend = "Kirim ulang"
        strings.retry = "Coba lagi"
        strings.callMe = "Telepon saya"
        strings.resendIn = { "Kirim ulang dalam \($0) dtk" }
        strings.retryIn = { "Coba lagi dalam \($0) dtk" }
        strings.sendLabel = "Kirim kode"
        strings.seconds = { "\($0) detik" }
        strings.secondsLeft = strings.seconds
        strings.minutes = { "\($0) menit" }
        // Spelled out, as a sentence says a wait: "dalam 4 menit 59 detik".
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            return minutes == 0 ? "\(rest) detik" : rest == 0 ? "\(minutes) menit" : "\(minutes) menit \(rest) detik"
        }
        strings.destinationLabel = "Nomor HP atau email"
        strings.destinationPlaceholder = "+62 812-3456-7890 atau nama@example.com"
        strings.codeLabel = "Kode verifikasi"
        strings.codePlaceholder = { digits in "Kode \(digits) digit" }
        strings.passwordLabel = "Kata sandi"
        strings.passwordPlaceholder = { minimum in "Minimal \(minimum) karakter" }
        strings.confirmationLabel = "Konfirmasi kata sandi"
        strings.confirmationPlaceholder = "Ketik ulang kata sandi"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Masukkan nomor HP atau alamat email"
            case .invalidEmail: "Alamat email ini tidak valid"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Kode tidak dapat dikirim ke jenis nomor ini" : "Masukkan nomor HP"
            case .invalidChinaMobile: "Nomor HP Tiongkok daratan terdiri dari 11 digit dan diawali angka 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Tambahkan kode negara, misalnya +\($0.callingCode)" }
                    ?? "Tambahkan kode negara yang diawali +"
            case .phone(.invalid): "Nomor HP ini tidak valid"
            case .phone(.unknownCountryCode(let digits)): "Tidak ada kode negara yang diawali +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Nomor +\(code) terdiri dari "
                    // PUEBI: a comma before "atau" in a list of three or more.
                    + SignUpStrings.counts(
                        expected, through: " hingga ", lastSeparator: expected.count > 2 ? ", atau " : " atau ")
                    + " digit setelah kode negara, bukan \(found)"
            case .phone(.tooLong): "Nomor HP maksimal 15 digit"
            }
        }
        strings.landlineNotice = "Ini nomor telepon tetap: Anda akan menerima kode melalui panggilan telepon"
        strings.codeSent = { "Kode telah dikirim ke \($0)" }
        strings.codeCalled = { "Menelepon \($0) untuk menyampaikan kode Anda" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Terjadi kesalahan jaringan. Periksa koneksi, lalu coba lagi"
            case .serviceUnavailable: "Layanan sedang tidak tersedia. Coba lagi dalam beberapa saat"
            case .rateLimited: "Terlalu banyak permintaan. Coba lagi dalam \(wait ?? "beberapa saat")"
            case .invalidDestination: "Nomor atau alamat ini tidak dapat menerima kode"
            case .channelRefused(.voice): "Kode tidak dapat dikirim ke nomor ini melalui panggilan telepon"
            case .channelRefused(.sms): "Kode tidak dapat dikirim ke nomor ini melalui SMS"
            case .channelRefused: "Kode tidak dapat dikirim ke alamat email ini"
            case .sendLimitReached:
                wait.map { "Terlalu banyak permintaan kode. Coba lagi dalam \($0)" }
                    ?? "Terlalu banyak permintaan kode. Coba lagi nanti"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Terlalu banyak permintaan kode. Coba lagi dalam \($0)" }
                ?? "Terlalu banyak permintaan kode. Coba lagi nanti"
        }
        strings.verify = "Verifikasi"
        strings.verifying = "Memverifikasi…"
        strings.verified = "Terverifikasi"
        strings.codeExpiresIn = { "Kode kedaluwarsa dalam \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "Kode salah. Sisa \(left) kali percobaan"
            case .expired:
                wait.map { "Kode ini sudah kedaluwarsa. Anda dapat meminta kode baru dalam \($0)" }
                    ?? "Kode ini sudah kedaluwarsa. Minta kode baru"
            case .superseded: "Kode ini sudah diganti dengan kode yang lebih baru. Masukkan kode terbaru"
            case .locked:
                wait.map { "Terlalu banyak kode salah. Coba lagi dalam \($0)" }
                    ?? "Terlalu banyak kode salah. Coba lagi nanti"
            case .rateLimited: "Terlalu banyak percobaan. Ketuk Verifikasi lagi dalam \(wait ?? "beberapa saat")"
            case .network: "Terjadi kesalahan jaringan. Ketuk Verifikasi untuk mencoba lagi"
            case .serviceUnavailable: "Layanan sedang tidak tersedia. Ketuk Verifikasi untuk mencoba lagi"
            }
        }
        strings.codeReplaced = "Kode baru telah dikirim. Kode sebelumnya tidak berlaku lagi"
        strings.lockOver = "Sekarang Anda dapat mencoba lagi"
        strings.enterCodeIfReceived = "Jika kode sudah diterima, masukkan di sini"
        strings.codeSentElsewhere = { "Kode telah dikirim ke \($0). Minta kode untuk nomor atau alamat ini" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Hitung mundur yang tersimpan tidak dapat dipulihkan"
            case .notSaved: "Hitung mundur tidak dapat disimpan; hitungan akan hilang jika aplikasi dimulai ulang"
            }
        }
        strings.canResendIn = { "Anda dapat meminta kode baru dalam \($0)" }
        strings.canResendNow = "Sekarang Anda dapat meminta kode baru"
        strings.passwordProblem = indonesianPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Kekuatan: lemah"
            case .fair: "Kekuatan: sedang"
            case .strong: "Kekuatan: kuat"
            }
        }
        strings.passwordsDiffer = "Kata sandi tidak cocok"
        strings.terms = "Saya menyetujui Ketentuan Layanan"
        strings.createAccount = "Buat akun"
        strings.creatingAccount = "Membuat akun…"
        strings.accountCreated = "Akun berhasil dibuat"
        strings.registrationError = { error in
            switch error {
            case .network: "Terjadi kesalahan jaringan. Coba lagi"
            case .serviceUnavailable: "Layanan sedang tidak tersedia. Coba lagi nanti"
            case .accountExists: "Akun ini sudah terdaftar. Silakan masuk"
            case .weakPassword(let problems):
                problems.first.map { "Server menolak kata sandi ini. \(indonesianPasswordProblem($0))" }
                    ?? "Server menolak kata sandi ini. Pilih kata sandi lain"
            case .proofRejected: "Verifikasi Anda sudah kedaluwarsa. Minta kode baru"
            }
        }
    }

    /// Why a password is refused, in Indonesian: the form's own check and the server's reasons alike.
    private static func indonesianPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "Gunakan minimal \(minimum) karakter"
        case .tooLong(let maximum): "Gunakan maksimal \(maximum) karakter"
        case .common: "Kata sandi ini terlalu umum. Pilih kata sandi lain"
        case .predictable: "Hindari karakter yang berulang atau berurutan"
        case .containsAccount: "Jangan gunakan nama akun dalam kata sandi"
        }
    }
}
