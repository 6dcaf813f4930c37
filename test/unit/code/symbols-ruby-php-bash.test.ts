import { describe, expect, it } from 'vitest';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: Ruby', () => {
  it('covers modules, classes, def self.x, class << self, endless defs and Outer::Inner names', async () => {
    const symbols = await fixtureSymbols('sample.rb');
    expect(describeTree(symbols)).toEqual([
      'module Billing 5-40',
      '  class Billing.Invoice 7-33',
      '    constructor Billing.Invoice.initialize 11-13',
      '    method Billing.Invoice.from_json 15-18',
      '    method Billing.Invoice.zero 21-23',
      '    method Billing.Invoice.to_s 26-26',
      '    method Billing.Invoice.check! 30-32',
      '  module Billing.Helpers 35-39',
      '    method Billing.Helpers.round 36-38',
      'class Billing.Refund 42-44',
      '  method Billing.Refund.amount 43-43',
      'function main 46-48',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.rb')))).toEqual([]);
  });
});

describe('extractSymbols: PHP', () => {
  it('reads PHP inside HTML; a statement namespace owns what follows; attributes and docblocks are in range', async () => {
    const symbols = await fixtureSymbols('sample.php');
    expect(describeTree(symbols)).toEqual([
      'module App.Models 5-50',
      '  class App.Models.User 9-28',
      '    constructor App.Models.User.__construct 15-15',
      '    method App.Models.User.name 17-22',
      '    method App.Models.User.guest 24-27',
      '  interface App.Models.HasName 30-33',
      '    method App.Models.HasName.name 32-32',
      '  trait App.Models.Greets 35-38',
      '    method App.Models.Greets.greet 37-37',
      '  enum App.Models.Role 40-45',
      '    method App.Models.Role.label 44-44',
      '  function App.Models.helper 47-50',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.php')))).toEqual([]);
  });
});

describe('extractSymbols: Bash', () => {
  it('finds both function syntaxes and nested functions; a blank line detaches a comment', async () => {
    const symbols = await fixtureSymbols('sample.sh');
    expect(describeTree(symbols)).toEqual([
      'function log 5-8',
      'function clean 10-12',
      'function build 16-20',
      '  function build.helper 18-18',
      'function main 22-22',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('sample.sh')))).toEqual([]);
  });
});
