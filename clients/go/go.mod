module agentdex.dev/go

go 1.21
