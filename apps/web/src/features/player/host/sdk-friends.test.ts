import { describe, expect, it } from 'vitest';
import { toSdkFriend } from './sdk-friends';

describe('friends in the SDK model', () => {
  it('keeps the account id as uid and splits the name', () => {
    expect(toSdkFriend({ FriendAccountId: 'acc-2', Name: 'Grace Brewster Hopper' })).toEqual({
      uid: 'acc-2',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      displayName: 'Grace Brewster Hopper',
      gender: 'unspecified',
      photo: null,
    });
  });

  it('gives empty names for a friend without one', () => {
    expect(toSdkFriend({ FriendAccountId: 'acc-3', Name: null })).toMatchObject({
      firstName: '',
      lastName: '',
      displayName: '',
    });
  });
});
