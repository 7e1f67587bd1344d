/**
 * The head-to-head workflow with the checkout of `repo` moved from `from` to `to`: the `ref:`
 * line of the step whose `repository:` is `repo`. Null when no such step pins `from`.
 */
export function retargetWorkflow(
  text: string,
  repo: string,
  from: string,
  to: string,
): string | null {
  const lines = text.split('\n');
  let inStep = false;
  let moved = false;
  for (const [i, line] of lines.entries()) {
    if (/^\s*-\s/.test(line)) inStep = false;
    if (new RegExp(`^\\s*(?:-\\s+)?repository:\\s*['"]?${escape(repo)}['"]?\\s*(#.*)?$`).test(line))
      inStep = true;
    const ref = /^(\s*ref:\s*['"]?)([0-9a-f]{7,40})(['"]?.*)$/.exec(line);
    if (inStep && ref && from.startsWith(ref[2] ?? '-')) {
      lines[i] = `${ref[1] ?? ''}${to.slice(0, Math.max(7, (ref[2] ?? '').length))}${ref[3] ?? ''}`;
      moved = true;
    }
  }
  return moved ? lines.join('\n') : null;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
