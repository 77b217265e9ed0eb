/**
 * The software stack a task names, and the stack a command, code fence, heading or snippet belongs to, so a
 * playbook for "send email from a Node.js app" keeps the npm steps and leaves out pip and go get.
 * Pure and deterministic.
 */

export type Stack = 'node' | 'python' | 'go' | 'ruby' | 'java' | 'php' | 'dotnet' | 'rust' | 'swift';

export const STACK_NAMES: Record<Stack, string> = {
  node: 'Node.js',
  python: 'Python',
  go: 'Go',
  ruby: 'Ruby',
  java: 'Java',
  php: 'PHP',
  dotnet: '.NET',
  rust: 'Rust',
  swift: 'Swift',
};

/**
 * Languages, runtimes and the frameworks that imply one, as a task or a heading names them. "Go" counts only
 * capitalised or as golang/"go app", since "go" is also an ordinary verb.
 */
const NAMED: Array<[Stack, RegExp]> = [
  ['node', /\b(?:node(?:\.?js)?|javascript|typescript|js|ts|deno|bun|next\.?js|nuxt|express\.?js|nest\.?js|sveltekit|svelte|vue(?:\.?js)?|angular|npm)\b/i],
  ['node', /\b(?:React|Express|Remix)\b/], // capitalised: "react to" and "express" are ordinary words
  ['python', /\b(?:python3?|django|flask|fastapi|pip|jupyter|pandas)\b/i],
  ['go', /\bGo\b(?!\s+(?:live|to|further|back|ahead|beyond|deeper)\b)/],
  ['go', /\bgolang\b|\bgo\s+(?:app|service|program|backend|server|module|code|sdk)\b/i],
  ['ruby', /\b(?:ruby|rails|sinatra|rubygems)\b/i],
  ['java', /\b(?:java|kotlin|spring(?:\s*boot)?|android|jvm|maven|gradle)\b/i],
  ['php', /\b(?:php|laravel|symfony|wordpress)\b/i],
  ['dotnet', /(?:^|[\s(])\.net\b|\basp\.net\b|\bdotnet\b|\bc#|\bcsharp\b|\bf#|\bblazor\b|\bnuget\b/i],
  ['rust', /\b(?:rust|axum|actix|tokio)\b/i],
  ['swift', /\b(?:swift|swiftui|ios|macos)\b/i],
];

/** The stacks a task names (languages, runtimes, frameworks), in stack order; none when it names none. */
export function stacksOfTask(task: string): Stack[] {
  return [...new Set(NAMED.filter(([, re]) => re.test(task)).map(([s]) => s))];
}

/** The one stack a heading, tab label or link title names; undefined when it names none or several. */
export function stackOfLabel(label: string): Stack | undefined {
  const named = stacksOfTask(label);
  return named.length === 1 ? named[0] : undefined;
}

const FENCE: Record<string, Stack> = {
  js: 'node',
  javascript: 'node',
  jsx: 'node',
  mjs: 'node',
  cjs: 'node',
  ts: 'node',
  typescript: 'node',
  tsx: 'node',
  node: 'node',
  nodejs: 'node',
  py: 'python',
  python: 'python',
  python3: 'python',
  go: 'go',
  golang: 'go',
  rb: 'ruby',
  ruby: 'ruby',
  java: 'java',
  kotlin: 'java',
  kt: 'java',
  groovy: 'java',
  gradle: 'java',
  php: 'php',
  cs: 'dotnet',
  csharp: 'dotnet',
  'c#': 'dotnet',
  dotnet: 'dotnet',
  fsharp: 'dotnet',
  rs: 'rust',
  rust: 'rust',
  swift: 'swift',
};

/** The stack of a code fence's language tag (```py, class="language-ts"); shell, curl and text are none. */
export function stackOfFence(lang: string): Stack | undefined {
  return FENCE[lang.trim().toLowerCase()];
}

/** Package managers and their stacks; brew and the like install a CLI, which belongs to every stack. */
const MANAGERS: Array<[Stack, RegExp]> = [
  ['node', /^(?:npm|pnpm|yarn|bun|npx|deno)\b/],
  ['python', /^(?:pip3?|poetry|uv|pipenv|conda|python3?\s+-m\s+pip)\b/],
  ['go', /^go\s+(?:get|install)\b/],
  ['ruby', /^(?:gem|bundle)\b/],
  ['php', /^composer\b/],
  ['dotnet', /^(?:dotnet|Install-Package|nuget)\b/],
  ['rust', /^cargo\b/],
  ['java', /^(?:implementation|compile|api)\b|^mvn\b|^gradle\b/],
  ['swift', /^\.package\(/],
];

/** The stack an install command belongs to (`pip install x` → python); undefined for stack-neutral ones. */
export function stackOfCommand(cmd: string): Stack | undefined {
  return MANAGERS.find(([, re]) => re.test(cmd.trim()))?.[0];
}

/** Telltale syntax of each language, for snippets with no fence tag and no heading naming their language. */
const SYNTAX: Array<[Stack, RegExp]> = [
  ['php', /<\?php|\$\w+\s*=\s*new\b|\$\w+->\w+\(/],
  ['go', /^package\s+main\b|\bfunc\s+\w*\(|\w+\s*:=\s*\w|\bfmt\.\w+\(/m],
  ['rust', /\bfn\s+main\s*\(|\blet\s+mut\b|^use\s+\w+::|\.await\?|\w+::\w+::/m],
  ['dotnet', /^using\s+[A-Z][\w.]*;|\bvar\s+\w+\s*=\s*new\s+[A-Z]\w*\(|\bConsole\.WriteLine\(|\bawait\s+\w+\.\w+Async\(/m],
  ['java', /^import\s+(?:com|org|io|java)\.[\w.]+;|\bpublic\s+(?:static\s+)?(?:class|void)\b|\bSystem\.out\.println\(/m],
  ['swift', /^import\s+(?:Foundation|SwiftUI|UIKit)\b|\blet\s+\w+\s*=\s*try\s+await\b/m],
  ['python', /^from\s+[\w.]+\s+import\b|^import\s+[\w.]+\s*$|^\s*def\s+\w+\(|\bprint\(|\bos\.environ\b|\bos\.getenv\(/m],
  ['ruby', /^require\s+['"][\w/-]+['"]\s*$|\bputs\s|\bENV\[|\bdo\s*\|\w+\|/m],
  ['node', /\brequire\(['"]|^import\s+.+\s+from\s+['"]|^import\s+['"]|\bprocess\.env\b|\bconsole\.log\(|^(?:const|let)\s+\w+\s*=|\bawait\s+\w+\./m],
];

/** The language a snippet is written in, from its syntax alone; undefined when nothing gives it away. */
export function stackOfCode(code: string): Stack | undefined {
  return SYNTAX.find(([, re]) => re.test(code))?.[0];
}

/** The one stack a docs URL's path names (`/docs/python`, `/quickstart/nodejs`); undefined for none or several. */
export function stackOfPath(url: string): Stack | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const named = new Set(
    path
      .split('/')
      .filter(Boolean)
      .flatMap((seg) => stackOfFence(seg.replace(/\.\w+$/, '')) ?? stackOfLabel(seg.replace(/[-_]/g, ' ')) ?? []),
  );
  return named.size === 1 ? [...named][0] : undefined;
}
