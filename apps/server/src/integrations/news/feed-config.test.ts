import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { NewsFeedsConfigError, parseNewsFeeds } from './feed-config';

describe('parseNewsFeeds', () => {
  it('reads url|category[|language] entries separated by commas or new lines', () => {
    expect(
      parseNewsFeeds(' https://a.example.com/oil.rss|oil ,\nhttps://b.example.org/feed.xml|Regulation|es\n\nhttp://c.example.net/m|market|'),
    ).toEqual([
      { url: 'https://a.example.com/oil.rss', category: 'oil', language: null },
      { url: 'https://b.example.org/feed.xml', category: 'regulation', language: 'es' },
      { url: 'http://c.example.net/m', category: 'market', language: null },
    ]);
  });

  it('gives no feeds for an empty or missing value', () => {
    expect(parseNewsFeeds(undefined)).toEqual([]);
    expect(parseNewsFeeds('  ')).toEqual([]);
  });

  it('reports every bad entry at once, each with its position and reason', () => {
    let problems: string[] = [];
    try {
      parseNewsFeeds('https://a.example.com/x, not-a-url|oil, ftp://f.example.com/feed|oil, https://b.example.com/y|gas, https://c.example.com/z|oil|fr, https://d.example.com/|oil, https://d.example.com/|market');
    } catch (error) {
      expect(error).toBeInstanceOf(NewsFeedsConfigError);
      problems = (error as NewsFeedsConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^entry 1 .*expected url\|category/),
      expect.stringMatching(/^entry 2 .*"not-a-url" is not a URL/),
      expect.stringMatching(/^entry 3 .*only http:\/\/ and https:\/\//),
      expect.stringMatching(/^entry 4 .*unknown category "gas"/),
      expect.stringMatching(/^entry 5 .*unknown language "fr"/),
      expect.stringMatching(/^entry 7 .*listed twice/),
    ]);
  });

  it('makes the server configuration fail at start with the NEWS_FEEDS problems', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', NEWS_FEEDS: 'https://a.example.com/x|fuel' })).toThrow(/NEWS_FEEDS: entry 1 .*unknown category "fuel"/);
    expect(loadConfig({ NODE_ENV: 'test', NEWS_FEEDS: 'https://a.example.com/x|oil' }).NEWS_FEEDS).toBe('https://a.example.com/x|oil');
  });
});
