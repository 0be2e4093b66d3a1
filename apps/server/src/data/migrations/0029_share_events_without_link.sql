-- A share's event keeps no link: the link's nonce (which, with the server's `share_link` secret, makes the token
-- that opens the link) and its hash leave the events recorded before, in `object` and in an update's `previous`.
-- Deliveries keep no body (each is presented from its event when sent), so a pending one sends none either.
UPDATE "events"
SET "data" = "data" #- '{object,link_nonce}' #- '{object,link_hash}' #- '{previous,link_nonce}' #- '{previous,link_hash}'
WHERE "type" LIKE 'file\_share.%';
