import { describe, expect, it } from 'vitest';
import { describeTree, fixtureSymbols, lineCount, rangeProblems, readFixture } from './support';

describe('extractSymbols: Java', () => {
  it('includes annotations and Javadoc, nests classes, interfaces, enums and records', async () => {
    const symbols = await fixtureSymbols('Sample.java');
    expect(describeTree(symbols)).toEqual([
      'class Registry 5-49',
      '  constructor Registry.Registry 13-16',
      '  method Registry.toString 18-21',
      '  method Registry.count 23-25',
      '  class Registry.Builder 27-38',
      '    method Registry.Builder.withSize 30-33',
      '    class Registry.Builder.Part 35-37',
      '      method Registry.Builder.Part.attach 36-36',
      '  interface Registry.Visitor 40-42',
      '    method Registry.Visitor.visit 41-41',
      '  enum Registry.Mode 44-48',
      '    method Registry.Mode.isFast 47-47',
      'class Pair 51-55',
      '  constructor Pair.Pair 52-54',
      'interface Marker 57-57',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('Sample.java')))).toEqual([]);
  });
});

describe('extractSymbols: C#', () => {
  it('makes a file-scoped namespace own the declarations after it; attributes and /// docs are in range', async () => {
    const symbols = await fixtureSymbols('FileScoped.cs');
    expect(describeTree(symbols)).toEqual([
      'module Shop.Orders 3-40',
      '  class Shop.Orders.Order 5-27',
      '    constructor Shop.Orders.Order.Order 10-11',
      '    method Shop.Orders.Order.Total 15-19',
      '    method Shop.Orders.Order.~Order 21-21',
      '    class Shop.Orders.Order.Line 23-26',
      '      method Shop.Orders.Order.Line.Add 25-25',
      '  interface Shop.Orders.IRepository 29-32',
      '    method Shop.Orders.IRepository.Find 31-31',
      '  struct Shop.Orders.Money 34-34',
      '  enum Shop.Orders.Status 36-36',
      '  class Shop.Orders.Receipt 38-38',
      '  type Shop.Orders.Notify 40-40',
    ]);
    expect(rangeProblems(symbols, lineCount(readFixture('FileScoped.cs')))).toEqual([]);
  });

  it('nests block namespaces and local functions', async () => {
    const symbols = await fixtureSymbols('Blocks.cs');
    expect(describeTree(symbols)).toEqual([
      'module Shop 1-19',
      '  module Shop.Billing 3-18',
      '    enum Shop.Billing.Terms 5-6',
      '    class Shop.Billing.Invoices 8-17',
      '      method Shop.Billing.Invoices.Send 10-16',
      '        function Shop.Billing.Invoices.Send.Check 14-14',
    ]);
  });
});
