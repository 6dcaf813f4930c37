import type { Handoff } from '../protocol/handoffs';

/** An orchestrator role's handoff as terminal lines: the plan's steps and criteria, the coder's summary, the review's findings. */
export function formatHandoff(handoff: Handoff): string {
  switch (handoff.kind) {
    case 'plan': {
      const { goal, steps, acceptance } = handoff.plan;
      const stepLines = steps.map((step) => `    ${step.id}. ${step.title}${step.files.length > 0 ? ` [${step.files.join(', ')}]` : ''}`);
      const criteria = acceptance.map((line) => `    ✓ ${line}`);
      return [`  ⇢ plan: ${goal}`, ...stepLines, ...criteria].join('\n');
    }
    case 'work': {
      const { summary, filesChanged, testsRun } = handoff.work;
      const files = filesChanged.length > 0 ? filesChanged.join(', ') : 'none';
      return [`  ⇢ work: ${summary}`, `    files: ${files}`, `    tests: ${testsRun === '' ? 'none' : testsRun}`].join('\n');
    }
    case 'review': {
      const { verdict, findings } = handoff.review;
      const lines = findings.map(
        (finding) => `    - ${finding.file}${finding.line === undefined ? '' : `:${finding.line}`}: ${finding.problem} → ${finding.suggestion}`,
      );
      return [`  ⇢ review: ${verdict === 'approve' ? 'approved' : 'changes requested'}`, ...lines].join('\n');
    }
  }
}
