/**
 * Reads install commands out of documentation text: which SDK languages a product ships and whether it
 * has a CLI. Recognises npm/yarn/pnpm, pip/poetry/uv, go get, gem, cargo, composer, Maven/Gradle and NuGet,
 * plus CLI installers (npm -g, brew, curl | sh, pipx, go install, cargo install, scoop, winget).
 */
const SDK_PATTERNS: Array<[string, RegExp]> = [
  ['javascript', /\b(?:npm\s+(?:install|i|add)(?!\s+(?:-g|--global))|yarn\s+add|pnpm\s+(?:add|install)|bun\s+add)\s+(@?[\w./-]+)/gi],
  ['python', /\b(?:pip3?\s+install|poetry\s+add|uv\s+(?:add|pip\s+install))\s+([\w.[\]-]+)/gi],
  ['go', /\bgo\s+get\s+([\w./@-]+)/gi],
  ['ruby', /\b(?:gem\s+install|bundle\s+add)\s+([\w-]+)/gi],
  ['rust', /\bcargo\s+add\s+([\w-]+)/gi],
  ['php', /\bcomposer\s+require\s+([\w./-]+)/gi],
  ['java', /(<artifactId>[\w.-]+<\/artifactId>|implementation\s*\(?\s*["'][\w.:-]+["'])/gi],
  ['csharp', /\b(?:dotnet\s+add\s+package|Install-Package)\s+([\w.-]+)/gi],
];
const CLI_PATTERNS: RegExp[] = [
  /\bnpm\s+(?:install|i)\s+(?:-g|--global)\s+@?[\w./-]+/gi,
  /\bbrew\s+install\s+[\w./-]+/gi,
  /\bcurl\s+[^\n|]*\|\s*(?:ba|z)?sh\b/gi,
  /\bpipx\s+install\s+[\w.-]+/gi,
  /\bgo\s+install\s+[\w./@-]+/gi,
  /\bcargo\s+install\s+[\w-]+/gi,
  /\b(?:scoop|winget)\s+install\s+[\w.-]+/gi,
];

export interface InstallFacts {
  sdkLanguages: string[];
  cliInstall: string[];
  installSnippets: string[];
}

export function extractInstallFacts(text: string): InstallFacts {
  const languages = new Set<string>();
  const snippets: string[] = [];
  for (const [lang, re] of SDK_PATTERNS) {
    for (const m of text.matchAll(re)) {
      languages.add(lang);
      snippets.push(m[0].trim());
    }
  }
  const cli = CLI_PATTERNS.flatMap((re) => [...text.matchAll(re)].map((m) => m[0].trim()));
  return { sdkLanguages: [...languages].sort(), cliInstall: [...new Set(cli)].slice(0, 5), installSnippets: [...new Set([...snippets, ...cli])].slice(0, 12) };
}
