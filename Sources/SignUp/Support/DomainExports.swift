// The domain the server shares (destinations, secrets, the password policy, the defaults, the
// wall clock) is part of what `import SignUp` brings, as NIO's module brings NIOCore.
@_exported public import SignUpDomain
