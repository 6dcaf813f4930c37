import type { Scenario } from '../scenario';

/** A final answer in Markdown, with what a model might also write: raw HTML, a script link, an image. */
export const markdown: Scenario = {
  name: 'markdown',
  title: 'Markdown answer',
  description: 'Answers in Markdown (code, a list, links), with raw HTML and a javascript: link that must stay harmless.',
  defaultTask: 'Explain how the tests of this project run.',
  turns: [
    {
      text: [
        'The tests run with **`npm test`**, which calls `tests/run.sh`:',
        '',
        '```bash',
        'for test in tests/*_test.sh; do bash "$test"; done',
        '```',
        '',
        '- each `tests/NAME_test.sh` sources its function',
        '- [the README](https://example.com/readme) says the same',
        '',
        '<b>bold by HTML</b> <script>window.__hacked = true</script> <img src="https://example.com/x.png" onerror="window.__hacked = true">',
        '[click me](javascript:window.__hacked=true) and ![a picture](https://example.com/pic.png)',
      ].join('\n'),
    },
  ],
};
