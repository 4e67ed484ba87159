import type { Friend } from '@fxid/sdk';

/** A friend as the portal's API gives them (spec §3, Friend); only what the SDK model needs. */
export interface PortalFriend {
  FriendAccountId: string;
  Name: string | null;
}

/** The SDK's friend model of a portal friend: the account id as uid, the name split at the first space. */
export function toSdkFriend(friend: PortalFriend): Friend {
  const displayName = friend.Name?.trim() ?? '';
  const [firstName = '', ...rest] = displayName.split(/\s+/);
  return {
    uid: friend.FriendAccountId,
    firstName,
    lastName: rest.join(' '),
    displayName,
    gender: 'unspecified',
    photo: null,
  };
}
